package emulator

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
)

// weakETag returns a weak entity tag over the given bytes, shaped like
// GitHub's: W/"<64 hex digits>".
func weakETag(b []byte) string {
	sum := sha256.Sum256(b)
	return `W/"` + hex.EncodeToString(sum[:]) + `"`
}

// etagMatches reports whether an If-None-Match header matches the tag, using
// the weak comparison function of RFC 9110.
func etagMatches(ifNoneMatch, tag string) bool {
	if ifNoneMatch == "" {
		return false
	}
	want := strings.TrimPrefix(tag, "W/")
	for _, cand := range strings.Split(ifNoneMatch, ",") {
		cand = strings.TrimSpace(cand)
		if cand == "*" || strings.TrimPrefix(cand, "W/") == want {
			return true
		}
	}
	return false
}

// mergeSettingFields are the repository fields GitHub's ETag leaves out
// (integrations/terraform-provider-github #1446, #2646: the same ETag
// before and after, with different values), unless
// Config.ETagCoversMergeSettings. updated_at goes too: a change of merge
// settings moves it, and GitHub's ETag stays.
var mergeSettingFields = []string{
	"allow_squash_merge", "allow_merge_commit", "allow_rebase_merge", "allow_auto_merge",
	"delete_branch_on_merge", "allow_update_branch", "use_squash_pr_title_as_default",
	"squash_merge_commit_title", "squash_merge_commit_message",
	"merge_commit_title", "merge_commit_message",
	"updated_at",
}

// withoutMergeSettings re-encodes a repository JSON object without the merge
// settings (and updated_at), for ETag computation.
func withoutMergeSettings(body []byte) []byte {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(body, &m); err != nil {
		return body
	}
	for _, f := range mergeSettingFields {
		delete(m, f)
	}
	out, err := json.Marshal(m)
	if err != nil {
		return body
	}
	return out
}
