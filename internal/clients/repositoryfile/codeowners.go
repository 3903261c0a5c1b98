package repositoryfile

import (
	"fmt"
	"slices"
	"strings"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// TypeCodeowners is the condition of a RepositoryFile that writes a
// CODEOWNERS file: whether GitHub reads it without errors.
const TypeCodeowners xpv2.ConditionType = "CodeOwners"

// Reasons of the CodeOwners condition.
const (
	ReasonCodeownersValid       xpv2.ConditionReason = "NoErrors"
	ReasonCodeownersErrors      xpv2.ConditionReason = "Errors"
	ReasonCodeownersNotInEffect xpv2.ConditionReason = "NotInEffect"
)

// maxCodeownersErrors is how many errors the condition lists.
const maxCodeownersErrors = 10

// IsCodeowners tells whether path is where GitHub looks for a CODEOWNERS
// file.
func IsCodeowners(path string) bool { return slices.Contains(github.CodeownersPaths, path) }

// Before are the CODEOWNERS paths GitHub reads before path: when a file is
// at one of them, that file is in effect, not path's.
func Before(path string) []string {
	i := slices.Index(github.CodeownersPaths, path)
	if i < 0 {
		return nil
	}
	return github.CodeownersPaths[:i]
}

// CodeownersCondition is the CodeOwners condition of the CODEOWNERS file at
// path on branch: not in effect when GitHub reads the file at inEffect
// instead ("" when path's is the one), else whether GitHub found errs in
// it, each named by line and kind, with GitHub's suggestion.
func CodeownersCondition(path, branch, inEffect string, errs []github.CodeownersError) xpv2.Condition {
	c := xpv2.Condition{Type: TypeCodeowners, Status: "True", Reason: ReasonCodeownersValid,
		Message: fmt.Sprintf("GitHub reads %s on branch %s without errors", path, branch)}
	switch {
	case inEffect != "":
		c.Status, c.Reason = "False", ReasonCodeownersNotInEffect
		c.Message = fmt.Sprintf("GitHub reads %s on branch %s, which comes before %s: this file has no effect; move its rules there, or delete that file", inEffect, branch, path)
	case len(errs) > 0:
		c.Status, c.Reason = "False", ReasonCodeownersErrors
		c.Message = fmt.Sprintf("GitHub finds %d error(s) in %s on branch %s, and ignores those lines: %s", len(errs), path, branch, describe(errs))
	}
	return c
}

// describe lists the first errors, "line 3: Invalid pattern (Did you mean
// `**/*.rb`?) in `***/*.rb @monalisa`", and how many more there are.
func describe(errs []github.CodeownersError) string {
	var parts []string
	for _, e := range errs[:min(len(errs), maxCodeownersErrors)] {
		s := fmt.Sprintf("line %d: %s", e.Line, e.Kind)
		if e.Suggestion != nil && *e.Suggestion != "" {
			s += " (" + *e.Suggestion + ")"
		} else if _, detail, ok := strings.Cut(firstLine(e.Message), ": "); ok {
			s += " (" + detail + ")"
		}
		parts = append(parts, s+" in `"+strings.TrimSpace(e.Source)+"`")
	}
	if more := len(errs) - maxCodeownersErrors; more > 0 {
		parts = append(parts, fmt.Sprintf("and %d more", more))
	}
	return strings.Join(parts, "; ")
}

// firstLine is s up to its first line break.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
