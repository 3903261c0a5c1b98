package emulator

import (
	"encoding/json"
	"regexp"
)

// param describes one parameter of a ruleset rule, as GitHub's description
// has it.
type param struct {
	kind     string // "bool", "int", "string", "strings", "objects", "object"
	required bool
	min, max *int64
	enum     []string         // allowed values of a string, or of each string of "strings"
	items    map[string]param // fields of each object of "objects", or of an "object"
	nonEmpty bool             // a "strings" list needs at least one entry
}

func between(lo, hi int64) (*int64, *int64) { return &lo, &hi }

// intParam is a required integer between lo and hi.
func intParam(lo, hi int64) param {
	p := param{kind: "int", required: true}
	p.min, p.max = between(lo, hi)
	return p
}

var (
	boolParam   = param{kind: "bool", required: true}
	optBool     = param{kind: "bool"}
	stringsReq  = param{kind: "strings", required: true}
	patternRule = map[string]param{
		"name":     {kind: "string"},
		"negate":   optBool,
		"operator": {kind: "string", required: true, enum: []string{"starts_with", "ends_with", "contains", "regex"}},
		"pattern":  {kind: "string", required: true},
	}
)

// ruleSpec is a rule type: the targets it applies to, its parameters (nil:
// none) and the parameters GitHub fills in when they are left out.
type ruleSpec struct {
	targets  []string
	params   map[string]param
	defaults map[string]any
}

var (
	branchTag  = []string{targetBranch, targetTag}
	branchOnly = []string{targetBranch}
	pushOnly   = []string{targetPush}
)

// ruleSpecs are the repository rule types of GitHub's description.
var ruleSpecs = map[string]ruleSpec{
	"creation":                {targets: branchTag},
	"deletion":                {targets: branchTag},
	"required_linear_history": {targets: branchTag},
	"required_signatures":     {targets: branchTag},
	"non_fast_forward":        {targets: branchTag},
	"update": {targets: branchTag, params: map[string]param{"update_allows_fetch_and_merge": boolParam},
		defaults: map[string]any{"update_allows_fetch_and_merge": false}},
	"required_deployments":        {targets: branchTag, params: map[string]param{"required_deployment_environments": stringsReq}},
	"commit_message_pattern":      {targets: branchTag, params: patternRule},
	"commit_author_email_pattern": {targets: branchTag, params: patternRule},
	"committer_email_pattern":     {targets: branchTag, params: patternRule},
	"branch_name_pattern":         {targets: branchOnly, params: patternRule},
	"tag_name_pattern":            {targets: []string{targetTag}, params: patternRule},
	"merge_queue": {targets: branchOnly, params: map[string]param{
		"check_response_timeout_minutes":    intParam(1, 360),
		"grouping_strategy":                 {kind: "string", required: true, enum: []string{"ALLGREEN", "HEADGREEN"}},
		"max_entries_to_build":              intParam(0, 100),
		"max_entries_to_merge":              intParam(0, 100),
		"merge_method":                      {kind: "string", required: true, enum: []string{"MERGE", "SQUASH", "REBASE"}},
		"min_entries_to_merge":              intParam(0, 100),
		"min_entries_to_merge_wait_minutes": intParam(0, 360),
	}},
	"pull_request": {targets: branchOnly, params: map[string]param{
		"allowed_merge_methods":             {kind: "strings", enum: []string{"merge", "squash", "rebase"}, nonEmpty: true},
		"dismiss_stale_reviews_on_push":     boolParam,
		"dismissal_restriction":             {kind: "object", items: map[string]param{"enabled": boolParam, "allowed_actors": {kind: "objects", items: map[string]param{"id": {kind: "int", required: true}, "type": {kind: "string", required: true, enum: []string{"User", "Team", "IntegrationInstallation", "RepositoryRole"}}}}}},
		"require_code_owner_review":         boolParam,
		"require_last_push_approval":        boolParam,
		"required_approving_review_count":   intParam(0, 10),
		"required_review_thread_resolution": boolParam,
		"required_reviewers": {kind: "objects", items: map[string]param{
			"file_patterns":     stringsReq,
			"minimum_approvals": {kind: "int", required: true},
			"reviewer":          {kind: "object", required: true, items: map[string]param{"id": {kind: "int", required: true}, "type": {kind: "string", required: true, enum: []string{"Team"}}}},
		}},
	}, defaults: map[string]any{"allowed_merge_methods": []any{"merge", "squash", "rebase"}}},
	"required_status_checks": {targets: branchOnly, params: map[string]param{
		"do_not_enforce_on_create":             optBool,
		"required_status_checks":               {kind: "objects", required: true, items: map[string]param{"context": {kind: "string", required: true}, "integration_id": {kind: "int"}}},
		"strict_required_status_checks_policy": boolParam,
	}, defaults: map[string]any{"do_not_enforce_on_create": false}},
	"workflows": {targets: branchOnly, params: map[string]param{
		"do_not_enforce_on_create": optBool,
		"workflows": {kind: "objects", required: true, items: map[string]param{
			"path": {kind: "string", required: true}, "ref": {kind: "string"}, "repository_id": {kind: "int", required: true}, "sha": {kind: "string"},
		}},
	}},
	"code_scanning": {targets: branchOnly, params: map[string]param{
		"code_scanning_tools": {kind: "objects", required: true, items: map[string]param{
			"alerts_threshold":          {kind: "string", required: true, enum: []string{"none", "errors", "errors_and_warnings", "all"}},
			"security_alerts_threshold": {kind: "string", required: true, enum: []string{"none", "critical", "high_or_higher", "medium_or_higher", "all"}},
			"tool":                      {kind: "string", required: true},
		}},
	}},
	"copilot_code_review":         {targets: branchOnly, params: map[string]param{"review_draft_pull_requests": optBool, "review_on_push": optBool}},
	"license_compliance_scanning": {targets: branchOnly},
	"file_path_restriction":       {targets: pushOnly, params: map[string]param{"restricted_file_paths": stringsReq}},
	"file_extension_restriction":  {targets: pushOnly, params: map[string]param{"restricted_file_extensions": stringsReq}},
	"max_file_path_length":        {targets: pushOnly, params: map[string]param{"max_file_path_length": intParam(1, 32767)}},
	"max_file_size":               {targets: pushOnly, params: map[string]param{"max_file_size": intParam(1, 100)}},
}

// checkParams validates a decoded JSON object against the parameter
// descriptions and returns it as plain JSON values. Unknown fields, missing
// required ones, wrong types and values out of range all fail.
func checkParams(raw json.RawMessage, spec map[string]param) (map[string]any, bool) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil || m == nil {
		return nil, false
	}
	out := map[string]any{}
	for name := range m {
		if _, ok := spec[name]; !ok {
			return nil, false
		}
	}
	for name, p := range spec {
		v, ok := m[name]
		if !ok || string(v) == "null" {
			if p.required {
				return nil, false
			}
			continue
		}
		val, ok := checkParam(v, p)
		if !ok {
			return nil, false
		}
		out[name] = val
	}
	return out, true
}

func checkParam(v json.RawMessage, p param) (any, bool) {
	inEnum := func(s string) bool {
		if p.enum == nil {
			return true
		}
		for _, e := range p.enum {
			if e == s {
				return true
			}
		}
		return false
	}
	switch p.kind {
	case "bool":
		var b bool
		return b, json.Unmarshal(v, &b) == nil
	case "int":
		var n int64
		if json.Unmarshal(v, &n) != nil || (p.min != nil && n < *p.min) || (p.max != nil && n > *p.max) {
			return nil, false
		}
		return n, true
	case "string":
		var s string
		return s, json.Unmarshal(v, &s) == nil && inEnum(s)
	case "strings":
		var list []string
		if json.Unmarshal(v, &list) != nil || (p.nonEmpty && len(list) == 0) {
			return nil, false
		}
		out := make([]any, 0, len(list))
		for _, s := range list {
			if !inEnum(s) {
				return nil, false
			}
			out = append(out, s)
		}
		return out, true
	case "object":
		return checkParams(v, p.items)
	case "objects":
		var list []json.RawMessage
		if json.Unmarshal(v, &list) != nil {
			return nil, false
		}
		out := make([]any, 0, len(list))
		for _, item := range list {
			o, ok := checkParams(item, p.items)
			if !ok {
				return nil, false
			}
			out = append(out, o)
		}
		return out, true
	}
	return nil, false
}

// badPattern reports a regex pattern rule whose pattern does not compile.
func badPattern(r rule) bool {
	if r.Parameters == nil || r.Parameters["operator"] != "regex" {
		return false
	}
	s, _ := r.Parameters["pattern"].(string)
	_, err := regexp.Compile(s)
	return err != nil
}
