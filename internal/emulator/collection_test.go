package emulator

import (
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"
)

// note is the item of the test collections.
type note struct {
	ID        int64
	Name      string
	Text      string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// noteJSON is a note as the test collections show it.
type noteJSON struct {
	ID        int64  `json:"id,omitempty"`
	Name      string `json:"name,omitempty"`
	Text      string `json:"text"`
	URL       string `json:"url"`
	CreatedAt string `json:"created_at"`
	UpdatedAt string `json:"updated_at"`
}

func renderNote(_ *reqCtx, url string, n *note) any {
	return noteJSON{ID: n.ID, Name: n.Name, Text: n.Text, URL: url, CreatedAt: ts(n.CreatedAt), UpdatedAt: ts(n.UpdatedAt)}
}

// readNoteText reads text, which a create needs; GitHub-like, "bad" is
// refused.
func readNoteText(c *reqCtx, f *fields, n *note, creating bool) bool {
	text := f.str("text")
	switch {
	case f.failed:
		return false
	case text == nil && creating:
		c.notSupplied("text")
		return false
	case text != nil && *text == "bad":
		c.invalid("Validation Failed", fieldError{Resource: "Note", Code: "custom", Field: "text", Message: "text is bad"})
		return false
	case text != nil:
		n.Text = *text
	}
	return true
}

// readNamedNote reads a named note's name (a create needs it) and text.
func readNamedNote(c *reqCtx, f *fields, n *note, creating bool) bool {
	name := f.str("name")
	if !readNoteText(c, f, n, creating) {
		return false
	}
	switch {
	case name == nil && creating:
		c.notSupplied("name")
		return false
	case name != nil:
		n.Name = *name
	}
	return true
}

// idNotes are keyed by id, in pages of 2 (at most 3); a note's text is
// unique in all repositories.
var idNotes = &collection[note]{
	name: "test-id-notes", key: byID(100, func(n *note) *int64 { return &n.ID }),
	pages: pageSize{def: 2, most: 3}, render: renderNote,
	create: func(c *reqCtx, _ *world, f *fields, n *note) bool { return readNoteText(c, f, n, true) },
	update: &updating[note]{method: "PATCH", reply: replyItem,
		read: func(c *reqCtx, _ *world, f *fields, n *note) bool { return readNoteText(c, f, n, false) }},
	unique: func(a, b *note) bool { return a.Text == b.Text },
	taken: func(c *reqCtx) {
		c.invalid("Validation Failed", fieldError{Code: "custom", Message: "text is already in use"})
	},
	stamps: func(n *note) (*time.Time, *time.Time) { return &n.CreatedAt, &n.UpdatedAt },
}

// namedNotes are keyed by name, without regard to case; a name in use is
// a 409, as for Actions variables.
var namedNotes = &collection[note]{
	name: "test-named-notes", key: byName(true, func(n *note) *string { return &n.Name }),
	pages: githubPages, render: renderNote, created: replyEmpty,
	listed: func(total int, page []any) any { return map[string]any{"total_count": total, "notes": page} },
	create: func(c *reqCtx, _ *world, f *fields, n *note) bool { return readNamedNote(c, f, n, true) },
	update: &updating[note]{method: "PUT", reply: replyNone,
		read: func(c *reqCtx, _ *world, f *fields, n *note) bool { return readNamedNote(c, f, n, false) }},
	taken: func(c *reqCtx) { c.fail(http.StatusConflict, "Already exists", c.doc) },
}

// hiddenNotes are seen by repository admins only; a create may send no
// body, an update's body is read before the note is looked up, and two
// notes of one repository may not have the same text.
var hiddenNotes = &collection[note]{
	name: "test-hidden-notes", key: byID(500, func(n *note) *int64 { return &n.ID }),
	pages: githubPages, render: renderNote, optionalBody: true,
	create: func(c *reqCtx, _ *world, f *fields, n *note) bool { return readNoteText(c, f, n, true) },
	update: &updating[note]{method: "PATCH", reply: replyItem, bodyFirst: true,
		read: func(c *reqCtx, _ *world, f *fields, n *note) bool { return readNoteText(c, f, n, false) }},
	clash: func(a, b *note) bool { return a.Text == b.Text },
	taken: func(c *reqCtx) { c.invalid("Validation Failed", fieldError{Code: "custom", Message: "note exists"}) },
}

// testShelf is the shelf "/shelves/{shelf}/..." names; "missing" is not
// there.
func testShelf(c *reqCtx, _ *Repo) (string, bool) {
	if c.params["shelf"] == "missing" {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
		return "", false
	}
	return "shelf/" + c.params["shelf"], true
}

const noteDoc = "https://docs.example.com/notes"

// collectionServer serves the test collections on demo-user's public
// repositories life and other (which other-user may read), and on the
// organizations demo-org (owned by demo-user, with member-user a member)
// and other-org (owned by demo-user), at the time *clock says.
func collectionServer(clock *time.Time) *Server {
	seed := DefaultSeed()
	seed.Users = append(seed.Users, SeedUser{Login: "member-user", Tokens: []string{"member-token"}})
	seed.Orgs[0].Members = append(seed.Orgs[0].Members, SeedMember{Login: "member-user", Role: RoleMember})
	seed.Orgs = append(seed.Orgs, SeedOrg{Login: "other-org", Members: []SeedMember{{Login: "demo-user", Role: RoleAdmin}}})
	seed.Repos = []SeedRepo{{Owner: "demo-user", Name: "life"}, {Owner: "demo-user", Name: "other"}}
	s := New(Options{Seed: seed, Now: func() time.Time { return *clock }})
	op := func(anchor string) repoOp {
		return repoOp{auth: authRequired, need: accessAdmin, doc: noteDoc + "#" + anchor}
	}
	ops := repoMount{list: op("list"), create: op("create"), get: op("get"), update: op("update"), remove: op("delete")}
	t := &routeTable{s: s, kind: "test-notes"}
	m := ops
	m.path, m.param = "/notes", "note_id"
	idNotes.onRepo(t, m)
	m.path, m.param = "/named", "name"
	namedNotes.onRepo(t, m)
	m.path, m.within = "/shelves/{shelf}/named", testShelf
	namedNotes.onRepo(t, m)
	read := func(anchor string) repoOp {
		return repoOp{auth: authRequired, need: accessRead, doc: noteDoc + "#" + anchor}
	}
	hiddenNotes.onRepo(t, repoMount{path: "/hidden", param: "note_id", hidden: accessAdmin,
		list: read("list"), create: op("create"), get: read("get"), update: read("update"), remove: read("delete")})
	mountOrgNotes(t)
	s.routes = append(s.routes, t.routes...)
	s.state.mu.Lock()
	defer s.state.mu.Unlock()
	for i, app := range []struct{ token, org, level string }{
		{"app-read-token", "demo-org", "read"}, {"app-write-token", "demo-org", "write"}, {"app-other-token", "other-org", "write"},
	} {
		id := int64(9001 + i)
		s.state.w.installations[id] = &Installation{ID: id, AppID: 90, Account: app.org, Permissions: map[string]string{"organization_notes": app.level}}
		s.state.w.tokens[app.token] = &token{value: app.token, installation: id, expiresAt: clock.Add(24 * time.Hour)}
	}
	return s
}

// mountOrgNotes mounts the test collections under organizations: id
// notes at /notes, which members read and owners change (a member's
// change is a 403, as for custom properties), and named notes at /named,
// for owners only (anyone else finds nothing there, as with webhooks).
// Installations need organization_notes for id notes, and may not use
// named notes.
func mountOrgNotes(t *routeTable) {
	op := func(need int, refused, anchor string) orgOp {
		return orgOp{auth: authRequired, need: need, refused: refused, perm: "organization_notes", doc: noteDoc + "#org-" + anchor}
	}
	const ownersChange = "You must be an organization owner to change notes."
	idNotes.onOrg(t, orgMount{path: "/notes", param: "note_id",
		list: op(accessRead, "", "list"), get: op(accessRead, "", "get"),
		create: op(accessAdmin, ownersChange, "create"), update: op(accessAdmin, ownersChange, "update"), remove: op(accessAdmin, ownersChange, "delete")})
	owner := func(anchor string) orgOp {
		return orgOp{auth: authRequired, need: accessAdmin, doc: noteDoc + "#org-named-" + anchor}
	}
	namedNotes.onOrg(t, orgMount{path: "/named", param: "name",
		list: owner("list"), create: owner("create"), get: owner("get"), update: owner("update"), remove: owner("delete")})
}

// collStep is one request of a collection test and what must come back.
type collStep struct {
	method, path, body string
	token              string // demo-token when ""
	anonymous          bool   // sends no token
	tick               bool   // the clock moves an hour on first
	sendETag           bool   // sends the ETag of the last answer in If-None-Match
	status             int
	has                []string          // in the body
	hasNot             []string          // not in the body
	headers            map[string]string // name: pattern
}

func TestCollection(t *testing.T) {
	const life, other = "/repos/demo-user/life", "/repos/demo-user/other"
	create := func(path, body string) collStep {
		return collStep{method: "POST", path: path, body: body, status: http.StatusCreated}
	}
	cases := map[string]struct {
		reason string
		steps  []collStep
	}{
		"RoundTrip": {
			reason: "create answers 201 with the item and its Location; get, update and delete find it by its id",
			steps: []collStep{
				{method: "POST", path: life + "/notes", body: `{"text":"one"}`, status: 201,
					has:     []string{`"id":100,"text":"one","url":"http://example.com/repos/demo-user/life/notes/100","created_at":"2024-05-01T12:00:00Z","updated_at":"2024-05-01T12:00:00Z"`},
					headers: map[string]string{"Location": `^http://example\.com/repos/demo-user/life/notes/100$`}},
				{method: "GET", path: life + "/notes/100", status: 200, has: []string{`"text":"one"`}, headers: map[string]string{"ETag": `^W/"`}},
				{method: "PATCH", path: life + "/notes/100", body: `{"text":"two"}`, tick: true, status: 200,
					has: []string{`"id":100,"text":"two"`, `"created_at":"2024-05-01T12:00:00Z","updated_at":"2024-05-01T13:00:00Z"`}},
				{method: "GET", path: life + "/notes/100", status: 200, has: []string{`"text":"two"`, `"updated_at":"2024-05-01T13:00:00Z"`}},
				{method: "DELETE", path: life + "/notes/100", status: 204},
				{method: "GET", path: life + "/notes/100", status: 404},
				{method: "GET", path: life + "/notes", status: 200, has: []string{`[]`}},
			},
		},
		"ListPagination": {
			reason: "lists go in creation order, a page at a time, with GitHub's Link header; per_page is capped",
			steps: []collStep{
				create(life+"/notes", `{"text":"a"}`), create(life+"/notes", `{"text":"b"}`), create(life+"/notes", `{"text":"c"}`),
				create(life+"/notes", `{"text":"d"}`), create(life+"/notes", `{"text":"e"}`),
				{method: "GET", path: life + "/notes", status: 200, has: []string{`"text":"a"`, `"text":"b"`}, hasNot: []string{`"text":"c"`},
					headers: map[string]string{"Link": `^<http://example\.com/repos/demo-user/life/notes\?page=2>; rel="next", <http://example\.com/repos/demo-user/life/notes\?page=3>; rel="last"$`}},
				{method: "GET", path: life + "/notes?page=3", status: 200, has: []string{`[{"id":104,"text":"e"`}, hasNot: []string{`"text":"d"`},
					headers: map[string]string{"Link": `rel="prev", .*rel="first"$`}},
				{method: "GET", path: life + "/notes?per_page=50", status: 200, has: []string{`"text":"c"`}, hasNot: []string{`"text":"d"`},
					headers: map[string]string{"Link": `per_page=3`}},
			},
		},
		"Wrapped": {
			reason: "a collection that wraps its lists counts all its items, not the page's",
			steps: []collStep{
				create(life+"/named", `{"name":"a","text":"x"}`), create(life+"/named", `{"name":"b","text":"x"}`),
				{method: "GET", path: life + "/named?per_page=1", status: 200, has: []string{`{"notes":[{"name":"a"`, `"total_count":2}`}, hasNot: []string{`"name":"b"`}},
			},
		},
		"NotFound": {
			reason: "an item that is not there, or a key that is no id, is 404 Not Found with the operation's documentation",
			steps: []collStep{
				create(life+"/notes", `{"text":"a"}`),
				{method: "GET", path: life + "/notes/101", status: 404, has: []string{`{"message":"Not Found","documentation_url":"https://docs.example.com/notes#get","status":"404"}`}},
				{method: "GET", path: life + "/notes/abc", status: 404},
				{method: "PATCH", path: life + "/notes/101", body: `{"text":"b"}`, status: 404, has: []string{`notes#update`}},
				{method: "DELETE", path: life + "/notes/101", status: 404, has: []string{`notes#delete`}},
				{method: "GET", path: other + "/notes/100", status: 404},
				{method: "GET", path: life + "/named/a", status: 404},
			},
		},
		"Refused": {
			reason: "a body the kind refuses is its 422, a body that is no JSON object 400; nothing is created or changed, and no id is used",
			steps: []collStep{
				{method: "POST", path: life + "/notes", body: `{}`, status: 422, has: []string{`\"text\" wasn't supplied.`}},
				{method: "POST", path: life + "/notes", body: `{"text":"bad"}`, status: 422, has: []string{`"message":"Validation Failed"`, `"message":"text is bad"`}},
				{method: "POST", path: life + "/notes", body: `{"text":1}`, status: 422, has: []string{`For 'properties/text', 1 is not a string.`}},
				{method: "POST", path: life + "/notes", body: ``, status: 400, has: []string{`Problems parsing JSON`}},
				{method: "GET", path: life + "/notes", status: 200, has: []string{`[]`}},
				{method: "POST", path: life + "/notes", body: `{"text":"a"}`, status: 201, has: []string{`"id":100`}},
				{method: "PATCH", path: life + "/notes/100", body: `{"text":"bad"}`, status: 422},
				{method: "PATCH", path: life + "/notes/100", body: `[]`, status: 400},
				{method: "GET", path: life + "/notes/100", status: 200, has: []string{`"text":"a"`}},
			},
		},
		"IDsNeverReused": {
			reason: "ids come from one sequence for all repositories, and a deleted item's id is not handed out again",
			steps: []collStep{
				create(life+"/notes", `{"text":"a"}`),
				{method: "DELETE", path: life + "/notes/100", status: 204},
				{method: "POST", path: life + "/notes", body: `{"text":"a"}`, status: 201, has: []string{`"id":101`}},
				{method: "POST", path: other + "/notes", body: `{"text":"b"}`, status: 201, has: []string{`"id":102`}},
			},
		},
		"UniqueAnywhere": {
			reason: "what unique finds in any repository is taken, on create and update; deleted, it is free again",
			steps: []collStep{
				create(life+"/notes", `{"text":"a"}`), create(life+"/notes", `{"text":"b"}`),
				{method: "POST", path: other + "/notes", body: `{"text":"a"}`, status: 422, has: []string{`text is already in use`}},
				{method: "PATCH", path: life + "/notes/101", body: `{"text":"a"}`, status: 422, has: []string{`text is already in use`}},
				{method: "PATCH", path: life + "/notes/101", body: `{"text":"b"}`, status: 200},
				{method: "DELETE", path: life + "/notes/100", status: 204},
				create(other+"/notes", `{"text":"a"}`),
			},
		},
		"NamesFoldCase": {
			reason: "names are found and taken without regard to case; the item keeps the case it was given, and its URL escapes it",
			steps: []collStep{
				{method: "POST", path: life + "/named", body: `{"name":"Alpha","text":"x"}`, status: 201, has: []string{`{}`}, headers: map[string]string{"Location": `^$`}},
				{method: "POST", path: life + "/named", body: `{"name":"ALPHA","text":"y"}`, status: 409, has: []string{`"message":"Already exists"`}},
				{method: "GET", path: life + "/named/alpha", status: 200, has: []string{`"name":"Alpha"`, `"url":"http://example.com/repos/demo-user/life/named/Alpha"`}},
				create(life+"/named", `{"name":"beta","text":"y"}`),
				{method: "PUT", path: life + "/named/BETA", body: `{"name":"alpha"}`, status: 409},
				{method: "PUT", path: life + "/named/ALPHA", body: `{"name":"gamma"}`, status: 204},
				{method: "GET", path: life + "/named/Gamma", status: 200, has: []string{`"name":"gamma","text":"x"`}},
				{method: "PUT", path: life + "/named/gamma", body: `{"name":"GAMMA"}`, status: 204},
				{method: "DELETE", path: life + "/named/alpha", status: 404},
				{method: "DELETE", path: life + "/named/gamma", status: 204},
				create(life+"/named", `{"name":"alpha","text":"z"}`),
				create(other+"/named", `{"name":"beta","text":"z"}`),
				create(life+"/named", `{"name":"a b/c","text":"z"}`),
				{method: "GET", path: life + "/named/A%20B%2Fc", status: 200, has: []string{`"url":"http://example.com/repos/demo-user/life/named/a%20b%2Fc"`}},
			},
		},
		"Within": {
			reason: "the shelves within a repository are each their own, apart from the repository's; within answers for one not there",
			steps: []collStep{
				create(life+"/shelves/a/named", `{"name":"n","text":"in a"}`),
				create(life+"/shelves/b/named", `{"name":"n","text":"in b"}`),
				create(life+"/named", `{"name":"n","text":"own"}`),
				{method: "GET", path: life + "/shelves/b/named/N", status: 200, has: []string{`"text":"in b"`, `/repos/demo-user/life/shelves/b/named/n"`}},
				{method: "DELETE", path: life + "/shelves/a/named/n", status: 204},
				{method: "GET", path: life + "/shelves/a/named", status: 200, has: []string{`"total_count":0`}},
				{method: "GET", path: life + "/named/n", status: 200, has: []string{`"text":"own"`}},
				{method: "GET", path: life + "/shelves/missing/named", status: 404},
			},
		},
		"Hidden": {
			reason: "a caller below the mount's hidden access finds no items, and a create answers its operation's 403",
			steps: []collStep{
				create(life+"/hidden", `{"text":"a"}`),
				{method: "GET", path: life + "/hidden", status: 200, has: []string{`"id":500`}},
				{method: "GET", token: "other-token", path: life + "/hidden", status: 404, has: []string{`notes#list`}},
				{method: "GET", token: "other-token", path: life + "/hidden/500", status: 404},
				{method: "PATCH", token: "other-token", path: life + "/hidden/500", body: `{"text":"b"}`, status: 404},
				{method: "DELETE", token: "other-token", path: life + "/hidden/500", status: 404},
				{method: "POST", token: "other-token", path: life + "/hidden", body: `{"text":"b"}`, status: 403, has: []string{`Must have admin rights`}},
				{method: "GET", path: life + "/hidden/500", status: 200, has: []string{`"text":"a"`}},
			},
		},
		"BodyOrder": {
			reason: "an update reads its body after finding the item, or first when the collection says so; a create's body may be optional",
			steps: []collStep{
				{method: "PATCH", path: life + "/notes/100", body: `x`, status: 404},
				{method: "PATCH", path: life + "/hidden/500", body: `x`, status: 400},
				{method: "PATCH", token: "other-token", path: life + "/hidden/500", body: `x`, status: 400},
				{method: "PATCH", token: "other-token", path: life + "/hidden/500", body: `{}`, status: 404},
				{method: "POST", path: life + "/notes", body: ``, status: 400},
				{method: "POST", path: life + "/hidden", body: ``, status: 422, has: []string{`\"text\" wasn't supplied.`}},
				{method: "POST", path: life + "/hidden", body: `null`, status: 422},
			},
		},
		"ClashOnShelf": {
			reason: "what clash finds among one repository's items is taken; another repository's do not count",
			steps: []collStep{
				create(life+"/hidden", `{"text":"a"}`), create(life+"/hidden", `{"text":"b"}`),
				{method: "POST", path: life + "/hidden", body: `{"text":"a"}`, status: 422, has: []string{`note exists`}},
				{method: "PATCH", path: life + "/hidden/501", body: `{"text":"a"}`, status: 422},
				{method: "PATCH", path: life + "/hidden/501", body: `{"text":"b"}`, status: 200},
				create(other+"/hidden", `{"text":"a"}`),
			},
		},
		"ETags": {
			reason: "a read of an unchanged item or list sent back with its ETag is 304; a change makes a new ETag",
			steps: []collStep{
				create(life+"/notes", `{"text":"a"}`),
				{method: "GET", path: life + "/notes/100", status: 200},
				{method: "GET", path: life + "/notes/100", sendETag: true, status: 304},
				{method: "GET", path: life + "/notes", status: 200},
				{method: "GET", path: life + "/notes", sendETag: true, status: 304},
				{method: "PATCH", path: life + "/notes/100", body: `{"text":"b"}`, status: 200},
				{method: "GET", path: life + "/notes/100", status: 200, has: []string{`"text":"b"`}},
				{method: "PATCH", path: life + "/notes/100", body: `{"text":"c"}`, status: 200},
				{method: "GET", path: life + "/notes/100", sendETag: true, status: 200, has: []string{`"text":"c"`}},
			},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) { runCollSteps(t, tc.reason, tc.steps) })
	}
}

// runCollSteps sends the steps in turn to a new collectionServer, failing
// at the first answer of another status.
func runCollSteps(t *testing.T, reason string, steps []collStep) {
	t.Helper()
	runStepsOn(t, collectionServer, reason, steps)
}

// runStepsOn sends the steps in turn to a new server that serve makes,
// failing at the first answer of another status.
func runStepsOn(t *testing.T, serve func(clock *time.Time) *Server, reason string, steps []collStep) {
	t.Helper()
	clock := time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)
	s := serve(&clock)
	etag := ""
	for i, st := range steps {
		if st.tick {
			clock = clock.Add(time.Hour)
		}
		req := httptest.NewRequest(st.method, st.path, strings.NewReader(st.body))
		token := "demo-token"
		if st.token != "" {
			token = st.token
		}
		if !st.anonymous {
			req.Header.Set("Authorization", "token "+token)
		}
		if st.sendETag {
			req.Header.Set("If-None-Match", etag)
		}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		body := rec.Body.String()
		etag = rec.Header().Get("ETag")
		if rec.Code != st.status {
			t.Fatalf("\n%s\nstep %d, %s %s: status %d, want %d: %s", reason, i, st.method, st.path, rec.Code, st.status, body)
		}
		for _, want := range st.has {
			if !strings.Contains(body, want) {
				t.Errorf("\n%s\nstep %d, %s %s: body lacks %s: %s", reason, i, st.method, st.path, want, body)
			}
		}
		for _, unwanted := range st.hasNot {
			if strings.Contains(body, unwanted) {
				t.Errorf("\n%s\nstep %d, %s %s: body has %s: %s", reason, i, st.method, st.path, unwanted, body)
			}
		}
		for name, pattern := range st.headers {
			if got := rec.Header().Get(name); !regexp.MustCompile(pattern).MatchString(got) {
				t.Errorf("\n%s\nstep %d, %s %s: header %s = %q, want a match of %s", reason, i, st.method, st.path, name, got, pattern)
			}
		}
	}
}

func TestCollectionOnOrg(t *testing.T) {
	const org, other, life = "/orgs/demo-org", "/orgs/other-org", "/repos/demo-user/life"
	create := func(path, body string) collStep {
		return collStep{method: "POST", path: path, body: body, status: http.StatusCreated}
	}
	as := func(token string, st collStep) collStep {
		st.token = token
		return st
	}
	notFound := func(token, method, path, body string) collStep {
		return collStep{method: method, path: path, body: body, token: token, status: http.StatusNotFound, has: []string{`"message":"Not Found"`}}
	}
	cases := map[string]struct {
		reason string
		steps  []collStep
	}{
		"RoundTrip": {
			reason: "under an organization, create answers 201 with the item and its Location; get, update, list and delete find it",
			steps: []collStep{
				{method: "POST", path: org + "/notes", body: `{"text":"one"}`, status: 201,
					has:     []string{`"id":100,"text":"one","url":"http://example.com/orgs/demo-org/notes/100","created_at":"2024-05-01T12:00:00Z"`},
					headers: map[string]string{"Location": `^http://example\.com/orgs/demo-org/notes/100$`}},
				{method: "GET", path: org + "/notes/100", status: 200, has: []string{`"text":"one"`}, headers: map[string]string{"ETag": `^W/"`}},
				{method: "PATCH", path: org + "/notes/100", body: `{"text":"two"}`, tick: true, status: 200,
					has: []string{`"id":100,"text":"two"`, `"created_at":"2024-05-01T12:00:00Z","updated_at":"2024-05-01T13:00:00Z"`}},
				{method: "GET", path: org + "/notes", status: 200, has: []string{`[{"id":100,"text":"two"`}},
				{method: "DELETE", path: org + "/notes/100", status: 204},
				{method: "GET", path: org + "/notes/100", status: 404, has: []string{`notes#org-get`}},
				{method: "GET", path: org + "/notes", status: 200, has: []string{`[]`}},
			},
		},
		"ListPagination": {
			reason: "an organization's list goes a page at a time, with a Link header under the organization",
			steps: []collStep{
				create(org+"/notes", `{"text":"a"}`), create(org+"/notes", `{"text":"b"}`), create(org+"/notes", `{"text":"c"}`),
				{method: "GET", path: org + "/notes", status: 200, has: []string{`"text":"a"`, `"text":"b"`}, hasNot: []string{`"text":"c"`},
					headers: map[string]string{"Link": `^<http://example\.com/orgs/demo-org/notes\?page=2>; rel="next"`}},
			},
		},
		"LoginCase": {
			reason: "the organization is found whatever case the path writes its login in; URLs write it as GitHub keeps it",
			steps: []collStep{
				{method: "POST", path: "/orgs/Demo-Org/notes", body: `{"text":"a"}`, status: 201, has: []string{`"url":"http://example.com/orgs/demo-org/notes/100"`}},
				{method: "GET", path: "/orgs/DEMO-ORG/notes/100", status: 200, has: []string{`"text":"a"`}},
			},
		},
		"NotAnOrganization": {
			reason: "a login that is no account's, or a user's, is 404 Not Found for every operation, reads and writes alike",
			steps: []collStep{
				notFound("", "GET", "/orgs/nobody/notes", ""),
				notFound("", "POST", "/orgs/nobody/notes", `{"text":"a"}`),
				notFound("", "GET", "/orgs/demo-user/notes", ""),
				notFound("", "POST", "/orgs/demo-user/notes", `{"text":"a"}`),
				notFound("", "GET", "/orgs/demo-user/named/n", ""),
				notFound("", "PUT", "/orgs/demo-user/named/n", `{"text":"a"}`),
				notFound("", "DELETE", "/orgs/demo-user/notes/100", ""),
			},
		},
		"Outsiders": {
			reason: "a user who is not a member finds nothing: 404 Not Found, reads and writes alike, and nothing changes",
			steps: []collStep{
				create(org+"/notes", `{"text":"a"}`),
				notFound("other-token", "GET", org+"/notes", ""),
				notFound("other-token", "GET", org+"/notes/100", ""),
				notFound("other-token", "POST", org+"/notes", `{"text":"b"}`),
				notFound("other-token", "PATCH", org+"/notes/100", `{"text":"b"}`),
				notFound("other-token", "DELETE", org+"/notes/100", ""),
				{method: "GET", path: org + "/notes", status: 200, has: []string{`"text":"a"`}, hasNot: []string{`"text":"b"`}},
			},
		},
		"MembersRead": {
			reason: "where members read and owners change, a member reads and a member's change is the operation's 403; nothing changes",
			steps: []collStep{
				create(org+"/notes", `{"text":"a"}`),
				as("member-token", collStep{method: "GET", path: org + "/notes", status: 200, has: []string{`"text":"a"`}}),
				as("member-token", collStep{method: "GET", path: org + "/notes/100", status: 200, has: []string{`"text":"a"`}}),
				as("member-token", collStep{method: "POST", path: org + "/notes", body: `{"text":"b"}`, status: 403,
					has: []string{`{"message":"You must be an organization owner to change notes.","documentation_url":"https://docs.example.com/notes#org-create","status":"403"}`}}),
				as("member-token", collStep{method: "PATCH", path: org + "/notes/100", body: `{"text":"b"}`, status: 403, has: []string{`notes#org-update`}}),
				as("member-token", collStep{method: "DELETE", path: org + "/notes/100", status: 403, has: []string{`notes#org-delete`}}),
				as("member-token", collStep{method: "PATCH", path: org + "/notes/101", body: `x`, status: 403}),
				{method: "GET", path: org + "/notes", status: 200, has: []string{`[{"id":100,"text":"a"`}, hasNot: []string{`"text":"b"`}},
			},
		},
		"OwnersOnly": {
			reason: "where everything needs an owner, a member finds nothing, as GitHub hides an organization's webhooks: 404 for every operation",
			steps: []collStep{
				create(org+"/named", `{"name":"n","text":"a"}`),
				notFound("member-token", "GET", org+"/named", ""),
				notFound("member-token", "GET", org+"/named/n", ""),
				notFound("member-token", "POST", org+"/named", `{"name":"m","text":"b"}`),
				notFound("member-token", "PUT", org+"/named/n", `{"text":"b"}`),
				notFound("member-token", "DELETE", org+"/named/n", ""),
				{method: "GET", path: org + "/named", status: 200, has: []string{`"total_count":1`, `"text":"a"`}},
			},
		},
		"Installations": {
			reason: "an installation on the organization reads with the operation's permission at read and changes with it at write; " +
				"one on another organization finds nothing, and none may use an operation GitHub keeps from Apps",
			steps: []collStep{
				create(org+"/notes", `{"text":"a"}`),
				as("app-read-token", collStep{method: "GET", path: org + "/notes/100", status: 200}),
				as("app-read-token", collStep{method: "POST", path: org + "/notes", body: `{"text":"b"}`, status: 403, has: []string{`Resource not accessible by integration`}}),
				as("app-read-token", collStep{method: "DELETE", path: org + "/notes/100", status: 403}),
				as("app-write-token", collStep{method: "POST", path: org + "/notes", body: `{"text":"b"}`, status: 201, has: []string{`"id":101`}}),
				as("app-write-token", collStep{method: "PATCH", path: org + "/notes/101", body: `{"text":"c"}`, status: 200}),
				as("app-write-token", collStep{method: "DELETE", path: org + "/notes/101", status: 204}),
				as("app-write-token", collStep{method: "GET", path: org + "/named", status: 403, has: []string{`Resource not accessible by integration`}}),
				notFound("app-other-token", "GET", org+"/notes", ""),
				as("app-other-token", create(other+"/notes", `{"text":"d"}`)),
			},
		},
		"PerOrganization": {
			reason: "each organization has its own items: one name in two organizations does not clash, and a delete in one leaves the other's",
			steps: []collStep{
				create(org+"/named", `{"name":"n","text":"in demo-org"}`),
				create(other+"/named", `{"name":"N","text":"in other-org"}`),
				{method: "GET", path: org + "/named/n", status: 200, has: []string{`"text":"in demo-org"`, `"url":"http://example.com/orgs/demo-org/named/n"`}},
				{method: "GET", path: other + "/named/n", status: 200, has: []string{`"text":"in other-org"`}},
				{method: "DELETE", path: org + "/named/n", status: 204},
				{method: "GET", path: org + "/named", status: 200, has: []string{`"total_count":0`}},
				{method: "GET", path: other + "/named", status: 200, has: []string{`"total_count":1`, `"text":"in other-org"`}},
			},
		},
		"AcrossOwners": {
			reason: "a collection mounted under repositories and organizations hands out ids from one sequence and finds what unique forbids under either; " +
				"names clash only on one owner's shelf",
			steps: []collStep{
				{method: "POST", path: life + "/notes", body: `{"text":"a"}`, status: 201, has: []string{`"id":100`}},
				{method: "POST", path: org + "/notes", body: `{"text":"a"}`, status: 422, has: []string{`text is already in use`}},
				{method: "POST", path: org + "/notes", body: `{"text":"b"}`, status: 201, has: []string{`"id":101`}},
				{method: "POST", path: life + "/notes", body: `{"text":"b"}`, status: 422, has: []string{`text is already in use`}},
				{method: "PATCH", path: org + "/notes/101", body: `{"text":"a"}`, status: 422},
				{method: "GET", path: org + "/notes/100", status: 404},
				create(life+"/named", `{"name":"n","text":"x"}`),
				create(org+"/named", `{"name":"n","text":"x"}`),
			},
		},
		"Refused": {
			reason: "an owner's body the kind refuses is its 422, one that is no JSON object 400, and nothing is created",
			steps: []collStep{
				{method: "POST", path: org + "/notes", body: `{}`, status: 422, has: []string{`\"text\" wasn't supplied.`}},
				{method: "POST", path: org + "/notes", body: ``, status: 400, has: []string{`Problems parsing JSON`}},
				{method: "GET", path: org + "/notes", status: 200, has: []string{`[]`}},
			},
		},
		"Authentication": {
			reason: "the organization's operations require authentication",
			steps: []collStep{
				{method: "GET", path: org + "/notes", anonymous: true, status: 401, has: []string{`"message":"Requires authentication"`, `notes#org-list`}},
				{method: "POST", path: org + "/notes", body: `{"text":"a"}`, anonymous: true, status: 401},
			},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) { runCollSteps(t, tc.reason, tc.steps) })
	}
}

// TestCollectionDeclarations: a mount, under a repository or an
// organization, refuses a declaration a request would find lacking, and
// declares an update operation exactly when its collection has one.
func TestCollectionDeclarations(t *testing.T) {
	declared := func(change func(k *collection[note])) *collection[note] {
		k := *idNotes
		change(&k)
		return &k
	}
	mounts := map[string]func(k *collection[note], update bool){
		"onRepo": func(k *collection[note], update bool) {
			m := repoMount{path: "/notes", param: "note_id"}
			if update {
				m.update = repoOp{doc: noteDoc}
			}
			k.onRepo(&routeTable{s: &Server{}, kind: "test"}, m)
		},
		"onOrg": func(k *collection[note], update bool) {
			m := orgMount{path: "/notes", param: "note_id"}
			if update {
				m.update = orgOp{doc: noteDoc}
			}
			k.onOrg(&routeTable{s: &Server{}, kind: "test"}, m)
		},
	}
	cases := map[string]struct {
		reason string
		coll   *collection[note]
		update bool // the mount declares an update operation
		panics bool
	}{
		"Complete": {reason: "an update and its operation", coll: idNotes, update: true},
		"NoUpdate": {reason: "no update, no operation", coll: declared(func(k *collection[note]) { k.update = nil })},
		"OperationOnly": {reason: "an operation without an update to serve it", coll: declared(func(k *collection[note]) { k.update = nil }),
			update: true, panics: true},
		"UpdateOnly": {reason: "an update without its operation", coll: idNotes, panics: true},
		"NoName":     {reason: "a collection needs a name for its state", coll: declared(func(k *collection[note]) { k.name = "" }), update: true, panics: true},
		"NoKey":      {reason: "a collection keys its items", coll: declared(func(k *collection[note]) { k.key = keying[note]{} }), update: true, panics: true},
		"NoPages":    {reason: "a collection's lists have a page size", coll: declared(func(k *collection[note]) { k.pages = pageSize{} }), update: true, panics: true},
		"NoRender":   {reason: "a collection renders its items", coll: declared(func(k *collection[note]) { k.render = nil }), update: true, panics: true},
		"NoTaken": {reason: "items that may clash need an answer for a clash", coll: declared(func(k *collection[note]) { k.taken = nil }),
			update: true, panics: true},
	}
	for name, tc := range cases {
		for mount, mountIt := range mounts {
			t.Run(name+"/"+mount, func(t *testing.T) {
				got := func() (p any) {
					defer func() { p = recover() }()
					mountIt(tc.coll, tc.update)
					return nil
				}()
				if (got != nil) != tc.panics {
					t.Errorf("\n%s\n%s: panic %v, want panic %t", tc.reason, mount, got, tc.panics)
				}
			})
		}
	}
}
