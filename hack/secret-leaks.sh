#!/usr/bin/env bash
# secret-leaks.sh <file>...: counts the lines that hold the value of a
# Secret some managed resource reads (a Webhook's secretRef, an Actions or
# Dependabot secret's valueSecretRef, a DeployKey's publicKeySecretRef is
# public and left out) in the given files (logs, metrics) and in every event,
# managed resource and composite resource of the cluster. Prints the count
# and, for each leak, the Secret and key; never the value. Exit 1 on a leak.
# Values shorter than 8 bytes are not searched for (they match too much).
# SECRET_LEAKS_ALSO holds more values to search for, one per line (values a
# Secret held before a rotation).
set -euo pipefail

refs=$(kubectl get managed -A -o json | python3 -c '
import json, sys
for o in json.load(sys.stdin)["items"]:
    p = o["spec"].get("forProvider", {})
    for f in ("secretRef", "valueSecretRef"):
        r = p.get(f)
        if r:
            print(r.get("namespace") or o["metadata"].get("namespace", ""), r["name"], r["key"])
' | sort -u)

haystack=$(mktemp)
trap 'rm -f "$haystack"' EXIT
{
  cat "$@"
  kubectl get events -A -o yaml
  kubectl get managed -A -o yaml
  kubectl get composite -A -o yaml 2>/dev/null || true
} >"$haystack"

leaks=0
while read -r ns name key; do
  [ -n "$name" ] || continue
  value=$(kubectl get secret -n "$ns" "$name" -o json 2>/dev/null | python3 -c '
import base64, json, sys
print(base64.b64decode(json.load(sys.stdin)["data"].get(sys.argv[1], "")).decode("utf-8", "replace"), end="")' "$key" || true)
  [ "${#value}" -ge 8 ] || continue
  n=$(grep -cF -- "$value" "$haystack" || true)
  if [ "$n" != 0 ]; then
    echo "the value of Secret $ns/$name key $key appears on $n lines" >&2
    leaks=$((leaks + n))
  fi
done <<<"$refs"
while read -r value; do
  [ "${#value}" -ge 8 ] || continue
  n=$(grep -cF -- "$value" "$haystack" || true)
  if [ "$n" != 0 ]; then
    echo "a value of SECRET_LEAKS_ALSO appears on $n lines" >&2
    leaks=$((leaks + n))
  fi
done <<<"${SECRET_LEAKS_ALSO:-}"
echo "$(echo "$refs" | grep -c . || true) Secret values (and $(echo "${SECRET_LEAKS_ALSO:-}" | grep -c . || true) former ones) searched for in $(wc -l <"$haystack") lines: $leaks found"
[ "$leaks" = 0 ]
