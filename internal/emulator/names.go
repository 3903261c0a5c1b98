package emulator

import (
	"fmt"
	"strings"
)

// maxRepoNameLength is GitHub's limit on repository names.
const maxRepoNameLength = 100

// NormalizeRepoName applies GitHub's repository name rules: every run of
// characters outside [A-Za-z0-9._-] becomes a single '-', surrounding
// whitespace is dropped, and the names "." and ".." as well as names longer
// than 100 characters are rejected. The returned error message is the one
// placed in the 422 "errors" entry.
func NormalizeRepoName(name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return "", fmt.Errorf("name is missing")
	}
	var b strings.Builder
	lastDash := false
	for _, r := range name {
		ok := (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9') || r == '.' || r == '_' || r == '-'
		if ok {
			b.WriteRune(r)
			lastDash = r == '-'
			continue
		}
		if !lastDash {
			b.WriteByte('-')
			lastDash = true
		}
	}
	out := b.String()
	switch {
	case out == "." || out == "..":
		return "", fmt.Errorf("name %q is reserved", out)
	case strings.Trim(out, "-") == "":
		return "", fmt.Errorf("name is invalid")
	case len(out) > maxRepoNameLength:
		return "", fmt.Errorf("name is too long (maximum is %d characters)", maxRepoNameLength)
	}
	return out, nil
}

// maxTopics and maxTopicLength are GitHub's limits on repository topics.
const (
	maxTopics      = 20
	maxTopicLength = 50
)

// topicRuleMessage is GitHub's explanation when a topic is malformed.
const topicRuleMessage = "Topics must start with a lowercase letter or number, consist of 50 characters or less, and can include hyphens."

// NormalizeTopics lowercases and de-duplicates topics and validates them
// against GitHub's rules, returning the messages for a 422 answer.
func NormalizeTopics(names []string) ([]string, []string) {
	out := make([]string, 0, len(names))
	seen := map[string]bool{}
	var problems []string
	for _, n := range names {
		t := strings.ToLower(strings.TrimSpace(n))
		if !validTopic(t) {
			problems = append(problems, fmt.Sprintf("%s is not a valid topic. %s", n, topicRuleMessage))
			continue
		}
		if seen[t] {
			continue
		}
		seen[t] = true
		out = append(out, t)
	}
	if len(problems) == 0 && len(out) > maxTopics {
		problems = append(problems, fmt.Sprintf("A repository cannot have more than %d topics.", maxTopics))
	}
	return out, problems
}

func validTopic(t string) bool {
	if t == "" || len(t) > maxTopicLength {
		return false
	}
	for i, r := range t {
		alnum := (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9')
		if i == 0 && !alnum {
			return false
		}
		if !alnum && r != '-' {
			return false
		}
	}
	return true
}
