#!/usr/bin/env bash
# A real local Kubernetes control plane on 127.0.0.1, with no Docker:
# etcd + kube-apiserver + kube-controller-manager (garbage collection, namespaces).
#
#   hack/local-cluster.sh up     start it (idempotent) and print `export KUBECONFIG=...`
#   hack/local-cluster.sh env    print `export KUBECONFIG=...` for a running cluster
#   hack/local-cluster.sh down   stop exactly the processes `up` started (by recorded PID)
#   hack/local-cluster.sh restart-apiserver  SIGKILL kube-apiserver and start it again (etcd keeps the data)
#   hack/local-cluster.sh status say what runs
#
# State (data, logs, PIDs, kubeconfig) lives in $LOCAL_CLUSTER_DIR (default: _output/local-cluster).
# Ports: ETCD_PORT (12379), KAS_PORT (16443), KCM_PORT (10257).
set -euo pipefail
cd "$(dirname "$0")/.."
DIR=${LOCAL_CLUSTER_DIR:-$PWD/_output/local-cluster}
ETCD_PORT=${ETCD_PORT:-12379}
ETCD_PEER_PORT=${ETCD_PEER_PORT:-$((ETCD_PORT + 1))}
KAS_PORT=${KAS_PORT:-16443}
KCM_PORT=${KCM_PORT:-10257}
KUBECONFIG_FILE=$DIR/kubeconfig

running() { [ -f "$DIR/$1.pid" ] && kill -0 "$(cat "$DIR/$1.pid")" 2>/dev/null; }

start() { # start <name> <command...>: run in the background, record the PID
  local name=$1; shift
  "$@" >"$DIR/$name.log" 2>&1 &
  echo $! >"$DIR/$name.pid"
}

wait_for() { # wait_for <what> <seconds> <command...>
  local what=$1 secs=$2; shift 2
  for _ in $(seq 1 $((secs * 4))); do "$@" >/dev/null 2>&1 && return 0; sleep 0.25; done
  echo "local-cluster: $what did not become ready in ${secs}s; see $DIR/*.log" >&2
  return 1
}

up() {
  mkdir -p "$DIR"
  if running kube-apiserver; then env_; return; fi
  ASSETS=$(hack/envtest-assets.sh | tail -n 1)

  if ! running etcd; then
    rm -rf "$DIR/etcd-data"
    start etcd "$ASSETS/etcd" --data-dir "$DIR/etcd-data" \
      --listen-client-urls "http://127.0.0.1:$ETCD_PORT" --advertise-client-urls "http://127.0.0.1:$ETCD_PORT" \
      --listen-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" --initial-advertise-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" \
      --initial-cluster "default=http://127.0.0.1:$ETCD_PEER_PORT" --unsafe-no-fsync
    wait_for etcd 30 curl -sf "http://127.0.0.1:$ETCD_PORT/health"
  fi

  mkdir -p "$DIR/certs"
  [ -f "$DIR/sa.key" ] || { openssl genrsa -out "$DIR/sa.key" 2048 2>/dev/null; openssl rsa -in "$DIR/sa.key" -pubout -out "$DIR/sa.pub" 2>/dev/null; }
  [ -f "$DIR/admin-token" ] || head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$DIR/admin-token"
  TOKEN=$(cat "$DIR/admin-token")
  echo "$TOKEN,admin,admin-uid,system:masters" >"$DIR/tokens.csv"
  start kube-apiserver "$ASSETS/kube-apiserver" \
    --etcd-servers="http://127.0.0.1:$ETCD_PORT" \
    --bind-address=127.0.0.1 --advertise-address=127.0.0.1 --secure-port="$KAS_PORT" \
    --cert-dir="$DIR/certs" \
    --service-account-key-file="$DIR/sa.pub" --service-account-signing-key-file="$DIR/sa.key" \
    --service-account-issuer="https://127.0.0.1:$KAS_PORT" \
    --service-cluster-ip-range=10.0.0.0/24 \
    --authorization-mode=RBAC --token-auth-file="$DIR/tokens.csv" \
    --allow-privileged=true --disable-admission-plugins=ServiceAccount
  cat >"$KUBECONFIG_FILE" <<EOK
apiVersion: v1
kind: Config
clusters:
- name: local
  cluster: {server: "https://127.0.0.1:$KAS_PORT", insecure-skip-tls-verify: true}
users:
- name: admin
  user: {token: "$TOKEN"}
contexts:
- name: local
  context: {cluster: local, user: admin}
current-context: local
EOK
  chmod 600 "$KUBECONFIG_FILE"
  wait_for kube-apiserver 60 "$ASSETS/kubectl" --kubeconfig "$KUBECONFIG_FILE" get --raw /readyz

  if [ "${WITH_KCM:-1}" = 1 ] && [ -x "$ASSETS/kube-controller-manager" ]; then
    start kube-controller-manager "$ASSETS/kube-controller-manager" \
      --kubeconfig="$KUBECONFIG_FILE" --authentication-kubeconfig="$KUBECONFIG_FILE" --authorization-kubeconfig="$KUBECONFIG_FILE" \
      --bind-address=127.0.0.1 --secure-port="$KCM_PORT" --cert-dir="$DIR/kcm-certs" \
      --leader-elect=false --use-service-account-credentials=false \
      --controllers=garbagecollector,namespace,serviceaccount,serviceaccount-token \
      --service-account-private-key-file="$DIR/sa.key" --root-ca-file="$DIR/certs/apiserver.crt"
  fi
  env_
}

env_() {
  [ -f "$KUBECONFIG_FILE" ] && running kube-apiserver || { echo "local-cluster: not running; run hack/local-cluster.sh up" >&2; exit 1; }
  echo "export KUBECONFIG=$KUBECONFIG_FILE"
}

down() {
  local pids=()
  for n in kube-controller-manager kube-apiserver etcd; do
    if [ -f "$DIR/$n.pid" ]; then
      p=$(cat "$DIR/$n.pid")
      if kill "$p" 2>/dev/null; then echo "stopped $n ($p)"; pids+=("$p"); fi
      rm -f "$DIR/$n.pid"
    fi
  done
  for _ in $(seq 1 80); do
    alive=0; for p in "${pids[@]+"${pids[@]}"}"; do kill -0 "$p" 2>/dev/null && alive=1; done
    [ $alive = 0 ] && break; sleep 0.25
  done
  for p in "${pids[@]+"${pids[@]}"}"; do kill -9 "$p" 2>/dev/null || true; done
  # A killed process takes a moment to go: wait, so that "down" means gone.
  for _ in $(seq 1 40); do
    alive=0; for p in "${pids[@]+"${pids[@]}"}"; do kill -0 "$p" 2>/dev/null && [ "$(cut -d' ' -f3 "/proc/$p/stat" 2>/dev/null)" != Z ] && alive=1; done
    [ $alive = 0 ] && break; sleep 0.25
  done
  rm -rf "$DIR/etcd-data"
}

# restart_apiserver: SIGKILL kube-apiserver (a crash) and start it again on
# the same etcd, certificates and token; etcd and kube-controller-manager
# stay up. For make outages.
gone() { # gone <pid>: the process has exited (a zombie has)
  ! kill -0 "$1" 2>/dev/null || [ "$(cut -d' ' -f3 "/proc/$1/stat" 2>/dev/null)" = Z ]
}

port_free() { # port_free <port>: nothing listens on 127.0.0.1:<port>
  ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

restart_apiserver() {
  env_ >/dev/null
  p=$(cat "$DIR/kube-apiserver.pid")
  kill -9 "$p" 2>/dev/null || true
  # A killed kube-apiserver can take a while to exit on a busy machine, and
  # holds its port until it has: the new one would find it taken.
  wait_for "the killed kube-apiserver's exit" 60 gone "$p"
  wait_for "kube-apiserver's port $KAS_PORT to be free" 60 port_free "$KAS_PORT"
  rm -f "$DIR/kube-apiserver.pid"
  WITH_KCM=0 up >/dev/null
}

status() {
  for n in etcd kube-apiserver kube-controller-manager; do
    if running $n; then echo "$n: running (pid $(cat "$DIR/$n.pid"))"; else echo "$n: stopped"; fi
  done
}

case "${1:-}" in
  up) up ;;
  env) env_ ;;
  down) down ;;
  restart-apiserver) restart_apiserver ;;
  status) status ;;
  *) echo "usage: $0 up|env|down|restart-apiserver|status" >&2; exit 2 ;;
esac
