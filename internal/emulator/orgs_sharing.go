package emulator

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// sharing is which of an organization's repositories may use one of its
// Actions or Dependabot secrets or Actions variables: all, the private
// ones (and internal), or those selected, by id.
type sharing struct {
	Visibility string
	Selected   []int64
}

// Best-effort wording of GitHub's refusals of an organization secret's or
// variable's repositories (see docs/emulator.md).
const (
	msgSelectedNotAllowed = "selected_repository_ids can only be set when visibility is 'selected'"
	msgNotSelected        = "The visibility is not set to 'selected'"
)

// msgUnknownRepository is GitHub's refusal of a repository id that is no
// repository of the organization.
func msgUnknownRepository(id int64) string {
	return fmt.Sprintf("Repository with id %d is not a repository of the organization", id)
}

// readSharing reads visibility (required when required) and
// selected_repository_ids into s, answering 422 for an unknown visibility,
// ids with a visibility other than selected, and an id that is no
// repository of the organization org. Ids may be numbers or, where the
// description allows it (Dependabot's and Actions' secrets), numeric
// strings.
func readSharing(c *reqCtx, w *world, f *fields, org string, s *sharing, required bool) bool {
	visibility := f.str("visibility")
	ids, present := repositoryIDs(f)
	switch {
	case f.failed:
		return false
	case visibility == nil && required:
		c.notSupplied("visibility")
		return false
	case visibility != nil && *visibility != "all" && *visibility != "private" && *visibility != "selected":
		c.invalid("Validation Failed", fieldError{Resource: "Secret", Code: "invalid", Field: "visibility"})
		return false
	}
	next := *s
	if visibility != nil {
		next.Visibility = *visibility
	}
	if present && len(ids) > 0 && next.Visibility != "selected" {
		c.invalid(msgSelectedNotAllowed)
		return false
	}
	for _, id := range ids {
		if r := w.repos[id]; r == nil || !strings.EqualFold(r.Owner, org) {
			c.invalid(msgUnknownRepository(id))
			return false
		}
	}
	switch {
	case next.Visibility != "selected":
		next.Selected = nil
	case present:
		next.Selected = dedupeIDs(ids)
	}
	*s = next
	return true
}

// repositoryIDs reads the optional array selected_repository_ids of
// repository ids, numbers or numeric strings; null counts as absent.
func repositoryIDs(f *fields) ([]int64, bool) {
	const name = "selected_repository_ids"
	v, ok := f.raw(name)
	if !ok || string(v) == "null" {
		return nil, false
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(v, &raw); err != nil {
		f.wrong(name, v, "array")
		return nil, false
	}
	out := make([]int64, 0, len(raw))
	for _, item := range raw {
		text := strings.Trim(string(item), `"`)
		id, err := strconv.ParseInt(text, 10, 64)
		if err != nil {
			f.wrong(name, v, "array of repository ids")
			return nil, false
		}
		out = append(out, id)
	}
	return out, true
}

// dedupeIDs is ids sorted, each once.
func dedupeIDs(ids []int64) []int64 {
	out := slices.Clone(ids)
	slices.Sort(out)
	return slices.Compact(out)
}

// sharingHandlers answer the selected repositories of one kind of an
// organization's shared object: find is the object of the path, nil
// (having answered 404) when there is none.
type sharingHandlers struct {
	find func(c *reqCtx, org *Account) *sharing
	// anyPolicy: the selection may be changed whatever the object's
	// policy (it applies once the policy is selected); otherwise GitHub
	// answers 409 unless the policy is selected.
	anyPolicy bool
}

// refuseUnselected answers 409 and reports true unless s's repositories are
// the selected ones.
func (h sharingHandlers) refuseUnselected(c *reqCtx, s *sharing) bool {
	if s.Visibility == "selected" || h.anyPolicy {
		return false
	}
	c.fail(http.StatusConflict, msgNotSelected, c.doc)
	return true
}

// list answers the selected repositories that still exist, paginated.
func (h sharingHandlers) list(c *reqCtx, w *world, org *Account) {
	s := h.find(c, org)
	if s == nil {
		return
	}
	var repos []*Repo
	for _, id := range s.Selected {
		if r := w.repos[id]; r != nil {
			repos = append(repos, r)
		}
	}
	answerPage(c, "repositories", repos, func(r *Repo) any { return c.renderRepo(w, r, renderList) })
}

// answerPage answers the request's page of all, rendered, as GitHub
// answers such lists: {"total_count": n, "<key>": [...]}.
func answerPage[T any](c *reqCtx, key string, all []T, render func(T) any) {
	start, end := c.paginate(len(all))
	items := make([]any, 0, end-start)
	for _, x := range all[start:end] {
		items = append(items, render(x))
	}
	c.json(http.StatusOK, map[string]any{"total_count": len(all), key: items})
}

// set replaces the selected repositories; 409 unless the visibility is
// selected. A body that is no JSON object is 400 before anything else.
func (h sharingHandlers) set(c *reqCtx, w *world, org *Account) {
	m, ok := c.decode(true)
	if !ok {
		return
	}
	s := h.find(c, org)
	if s == nil {
		return
	}
	f := &fields{c: c, m: m}
	ids, present := repositoryIDs(f)
	switch {
	case f.failed:
		return
	case !present:
		c.notSupplied("selected_repository_ids")
		return
	case h.refuseUnselected(c, s):
		return
	}
	for _, id := range ids {
		if r := w.repos[id]; r == nil || !strings.EqualFold(r.Owner, org.Login) {
			c.invalid(msgUnknownRepository(id))
			return
		}
	}
	s.Selected = dedupeIDs(ids)
	c.noContent()
}

// add adds the path's repository; 409 unless the visibility is selected.
func (h sharingHandlers) add(c *reqCtx, w *world, org *Account) {
	h.change(c, w, org, func(s *sharing, id int64) {
		s.Selected = dedupeIDs(append(s.Selected, id))
	})
}

// remove removes the path's repository; 409 unless the visibility is
// selected.
func (h sharingHandlers) remove(c *reqCtx, w *world, org *Account) {
	h.change(c, w, org, func(s *sharing, id int64) {
		s.Selected = slices.DeleteFunc(slices.Clone(s.Selected), func(x int64) bool { return x == id })
	})
}

// change applies one repository's addition or removal.
func (h sharingHandlers) change(c *reqCtx, w *world, org *Account, apply func(*sharing, int64)) {
	s := h.find(c, org)
	if s == nil {
		return
	}
	id, err := strconv.ParseInt(c.params["repository_id"], 10, 64)
	if r := w.repos[id]; err != nil || r == nil || !strings.EqualFold(r.Owner, org.Login) {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
		return
	}
	if h.refuseUnselected(c, s) {
		return
	}
	apply(s, id)
	c.noContent()
}

// mountSharing declares the selected-repositories routes of an
// organization's shared objects under path (/actions/secrets/{secret_name}):
// read by ops.get, changed by ops.put.
func mountSharing(t *routeTable, path string, h sharingHandlers, read, write func(anchor string) orgOp, noun string) {
	t.org("GET", path+"/repositories", read("list-selected-repositories-for-an-organization-"+noun), h.list)
	t.org("PUT", path+"/repositories", write("set-selected-repositories-for-an-organization-"+noun), h.set)
	t.org("PUT", path+"/repositories/{repository_id}", write("add-selected-repository-to-an-organization-"+noun), h.add)
	t.org("DELETE", path+"/repositories/{repository_id}", write("remove-selected-repository-from-an-organization-"+noun), h.remove)
}
