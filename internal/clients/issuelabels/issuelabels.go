// Package issuelabels maps IssueLabels resources, the declared labels of a
// repository, to GitHub's labels and back: what to create, update, rename
// and delete so that GitHub's labels are the declared ones, and the
// observation. One label is mapped by package issuelabel; names are
// compared as it compares them (without regard to case, as GitHub does).
package issuelabels

import (
	"fmt"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/issuelabel"
)

// Additive tells whether p leaves the labels it does not declare alone;
// otherwise (authoritative, the default) they are deleted.
func Additive(p *common.IssueLabelsParameters) bool { return p.Mode == common.IssueLabelsAdditive }

// An Update changes one of GitHub's labels into a declared one.
type Update struct {
	// Name is GitHub's name of the label, which the request's path names.
	Name string
	// Request holds only what differs: NewName when the declared name
	// differs in case (a rename keeps the label on its issues), the
	// color, the description.
	Request github.IssueLabelRequest
}

// A Plan is what makes GitHub's labels the declared ones: labels to
// create, labels to change (or rename), and GitHub's names of the labels
// to delete. Each list is in the order of the spec, or of GitHub's list
// for deletes.
type Plan struct {
	Create []github.IssueLabelRequest
	Update []Update
	Delete []string
}

// Empty tells whether GitHub's labels are the declared ones.
func (p Plan) Empty() bool { return len(p.Create)+len(p.Update)+len(p.Delete) == 0 }

// Drift says, one entry a label, what the plan changes: "create bug",
// "rename Bug to bug", "update bug (color)", "delete wontfix".
func (p Plan) Drift() []string {
	var d []string
	for _, c := range p.Create {
		d = append(d, "create "+c.Name)
	}
	for _, u := range p.Update {
		var what []string
		if u.Request.Color != nil {
			what = append(what, "color")
		}
		if u.Request.Description != nil {
			what = append(what, "description")
		}
		switch {
		case u.Request.NewName != "" && len(what) == 0:
			d = append(d, fmt.Sprintf("rename %s to %s", u.Name, u.Request.NewName))
		case u.Request.NewName != "":
			d = append(d, fmt.Sprintf("rename %s to %s (%s)", u.Name, u.Request.NewName, strings.Join(what, ", ")))
		default:
			d = append(d, fmt.Sprintf("update %s (%s)", u.Name, strings.Join(what, ", ")))
		}
	}
	for _, n := range p.Delete {
		d = append(d, "delete "+n)
	}
	return d
}

// Duplicate is the error that the spec declares one label twice, in
// names that differ in case where the admission rule (which folds ASCII
// letters only) could not tell, but GitHub does.
func Duplicate(p *common.IssueLabelsParameters) error {
	for i, a := range p.Labels {
		for _, b := range p.Labels[:i] {
			if issuelabel.SameName(a.Name, b.Name) {
				return errors.Errorf("spec.forProvider.labels declares %q and %q, which GitHub takes for one label (it compares names without regard to case): declare it once", b.Name, a.Name)
			}
		}
	}
	return nil
}

// Diff is the plan that makes got, GitHub's labels of the repository,
// the ones p declares: a declared label GitHub lacks is created, one that
// differs is updated (renamed when its name differs in case), and, unless
// p is additive, a label p does not declare is deleted. p must declare
// each label once (see Duplicate).
func Diff(p *common.IssueLabelsParameters, got []github.IssueLabel) Plan {
	var plan Plan
	for i := range p.Labels {
		l := &p.Labels[i]
		g := find(got, l.Name)
		if g == nil {
			plan.Create = append(plan.Create, github.IssueLabelRequest{Name: l.Name, Color: ptr.To(l.Color), Description: description(l.Description)})
			continue
		}
		var u Update
		if g.Name != l.Name {
			u.Request.NewName = l.Name
		}
		if !strings.EqualFold(g.Color, l.Color) {
			u.Request.Color = ptr.To(l.Color)
		}
		if ptr.Deref(g.Description, "") != ptr.Deref(l.Description, "") {
			// An empty description clears GitHub's.
			u.Request.Description = ptr.To(ptr.Deref(l.Description, ""))
		}
		if u.Request != (github.IssueLabelRequest{}) {
			u.Name = g.Name
			plan.Update = append(plan.Update, u)
		}
	}
	if Additive(p) {
		return plan
	}
	for i := range got {
		if !Declared(p, got[i].Name) {
			plan.Delete = append(plan.Delete, got[i].Name)
		}
	}
	return plan
}

// Declared tells whether p declares the label of GitHub's name.
func Declared(p *common.IssueLabelsParameters, name string) bool {
	for i := range p.Labels {
		if issuelabel.SameName(p.Labels[i].Name, name) {
			return true
		}
	}
	return false
}

// find is the label of got that has name, compared as GitHub compares
// names; nil when there is none.
func find(got []github.IssueLabel, name string) *github.IssueLabel {
	for i := range got {
		if issuelabel.SameName(got[i].Name, name) {
			return &got[i]
		}
	}
	return nil
}

// description is a new label's description: none when unset or empty.
func description(d *string) *string {
	if ptr.Deref(d, "") == "" {
		return nil
	}
	return d
}

// Observation is the status.atProvider of the repository repo (owner/name)
// whose labels GitHub answered got: every label, and whether p declares it.
func Observation(repo string, p *common.IssueLabelsParameters, got []github.IssueLabel) common.IssueLabelsObservation {
	o := common.IssueLabelsObservation{Repository: ptr.To(repo)}
	for i := range got {
		g := &got[i]
		o.Labels = append(o.Labels, common.IssueLabelsObservedLabel{Name: g.Name, Color: g.Color, Description: g.Description, Declared: Declared(p, g.Name)})
	}
	return o
}

// Imported is the spec of an IssueLabels resource that declares got, a
// repository's labels, as they are (its repository is the importer's to
// name): authoritative, each label with its name, color and description
// when it has one. Its plan on got is empty.
func Imported(got []github.IssueLabel) common.IssueLabelsParameters {
	p := common.IssueLabelsParameters{Mode: common.IssueLabelsAuthoritative, Labels: make([]common.IssueLabelsLabel, 0, len(got))}
	for i := range got {
		l := common.IssueLabelsLabel{Name: got[i].Name, Color: got[i].Color}
		if d := ptr.Deref(got[i].Description, ""); d != "" {
			l.Description = ptr.To(d)
		}
		p.Labels = append(p.Labels, l)
	}
	return p
}
