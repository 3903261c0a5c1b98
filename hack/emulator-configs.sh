#!/usr/bin/env bash
# Points the provider at a GitHub API emulator in the cluster of $KUBECONFIG:
# a credentials Secret with the emulator's demo token, and the "default"
# ClusterProviderConfig (namespaced Repositories) and legacy ProviderConfig
# (cluster-scoped Repositories), owner demo-org. Idempotent.
#
#   hack/emulator-configs.sh http://127.0.0.1:8089
set -euo pipefail
EMULATOR=${1:?usage: $0 EMULATOR_URL}
kubectl create namespace crossplane-system --dry-run=client -o yaml | kubectl apply -f - >/dev/null
kubectl -n crossplane-system create secret generic github-credentials --from-literal=credentials=demo-token \
  --dry-run=client -o yaml | kubectl apply -f - >/dev/null
for kind in "github.m.crossplane.io/v1alpha1 ClusterProviderConfig" "github.crossplane.io/v1alpha1 ProviderConfig"; do
  set -- $kind
  kubectl apply -f - >/dev/null <<EOP
apiVersion: $1
kind: $2
metadata:
  name: default
spec:
  baseURL: $EMULATOR/api/v3/
  owner: demo-org
  credentials:
    source: Secret
    secretRef: {namespace: crossplane-system, name: github-credentials, key: credentials}
EOP
done
