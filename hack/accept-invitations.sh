#!/usr/bin/env bash
# Accepts, as the invitee, every repository invitation pending for a user of the GitHub API emulator
# (GitHub sends one when a Collaborator names a user who is not yet a collaborator):
#   hack/accept-invitations.sh <emulator URL> <the invitee's token>
# Prints one line per accepted invitation ("<owner>/<repo> <permission>"); nothing when none is pending.
# Used by make demo and make e2e, which show the Collaborator examples' pending invitations first.
set -euo pipefail
EMU=${1:?usage: hack/accept-invitations.sh <emulator URL> <token>}
TOKEN=${2:?usage: hack/accept-invitations.sh <emulator URL> <token>}
AUTH="Authorization: token $TOKEN"

curl -sf -H "$AUTH" "$EMU/user/repository_invitations?per_page=100" |
  python3 -c 'import json, sys
for i in json.load(sys.stdin):
    print(i["id"], i["repository"]["full_name"], i["permissions"])' |
  while read -r id repo permission; do
    curl -sf -X PATCH -H "$AUTH" "$EMU/user/repository_invitations/$id" >/dev/null
    echo "$repo $permission"
  done
