package emulator

import (
	"net/http"
	"testing"
	"time"
)

// dial is the value of the test settings: on, at a level.
type dial struct {
	On    bool
	Level string // all, some or none
}

// dialJSON is a dial as the test settings show it.
type dialJSON struct {
	On    bool   `json:"on"`
	Level string `json:"level"`
}

func renderDial(_ *reqCtx, d *dial) any { return dialJSON{On: d.On, Level: d.Level} }

// readDial reads on and level, each optional; GitHub-like, a level it
// does not know is refused.
func readDial(c *reqCtx, _ *world, f *fields, d *dial) bool {
	on, level := f.boolean("on"), f.str("level")
	switch {
	case f.failed:
		return false
	case level != nil && *level != "all" && *level != "some" && *level != "none":
		c.invalid("Validation Failed", fieldError{Resource: "Dial", Code: "invalid", Field: "level"})
		return false
	}
	if on != nil {
		d.On = *on
	}
	if level != nil {
		d.Level = *level
	}
	return true
}

func defaultDial() dial { return dial{On: true, Level: "all"} }

// switches answer a PUT with 204 and need its body; dials answer it with
// the new value and take none.
var (
	switches = &setting[dial]{name: "test-switches", def: defaultDial, render: renderDial, read: readDial, reply: replyNone}
	dials    = &setting[dial]{name: "test-dials", def: defaultDial, render: renderDial, read: readDial, reply: replyItem, optionalBody: true}
)

// settingServer is collectionServer (its users, repositories,
// organizations and installations) with the test settings mounted: under
// a repository, /switch for its admins and /dial that readers read and
// writers set; under an organization, /switch that members read and
// owners set (a member's PUT is a 403), installations with
// organization_notes, and /dial for owners only (anyone else finds
// nothing there; installations may not use it).
func settingServer(clock *time.Time) *Server {
	s := collectionServer(clock)
	t := &routeTable{s: s, kind: "test-settings"}
	repo := func(need int, anchor string) repoOp {
		return repoOp{auth: authRequired, need: need, doc: noteDoc + "#" + anchor}
	}
	switches.onRepo(t, settingMount[repoOp]{path: "/switch", get: repo(accessAdmin, "get-switch"), put: repo(accessAdmin, "set-switch")})
	dials.onRepo(t, settingMount[repoOp]{path: "/dial", get: repo(accessRead, "get-dial"), put: repo(accessWrite, "set-dial")})
	org := func(need int, refused, perm, anchor string) orgOp {
		return orgOp{auth: authRequired, need: need, refused: refused, perm: perm, doc: noteDoc + "#org-" + anchor}
	}
	switches.onOrg(t, settingMount[orgOp]{path: "/switch", get: org(accessRead, "", "organization_notes", "get-switch"),
		put: org(accessAdmin, "You must be an organization owner to set the switch.", "organization_notes", "set-switch")})
	dials.onOrg(t, settingMount[orgOp]{path: "/dial", get: org(accessAdmin, "", "", "get-dial"), put: org(accessAdmin, "", "", "set-dial")})
	s.routes = append(s.routes, t.routes...)
	return s
}

func TestSetting(t *testing.T) {
	const life, other = "/repos/demo-user/life", "/repos/demo-user/other"
	get := func(path, want string) collStep {
		return collStep{method: "GET", path: path, status: http.StatusOK, has: []string{want}}
	}
	cases := map[string]struct {
		reason string
		steps  []collStep
	}{
		"Default": {
			reason: "an owner that never set the setting reads GitHub's default",
			steps:  []collStep{get(life+"/switch", `{"on":true,"level":"all"}`), get(life+"/dial", `{"on":true,"level":"all"}`)},
		},
		"PutThenGet": {
			reason: "a PUT answers 204 and changes what it sends; what it leaves out is kept",
			steps: []collStep{
				{method: "PUT", path: life + "/switch", body: `{"level":"some"}`, status: 204, hasNot: []string{`level`}},
				get(life+"/switch", `{"on":true,"level":"some"}`),
				{method: "PUT", path: life + "/switch", body: `{"on":false}`, status: 204},
				get(life+"/switch", `{"on":false,"level":"some"}`),
			},
		},
		"ReplyItem": {
			reason: "a setting declared so answers a PUT with 200 and its new value",
			steps: []collStep{
				{method: "PUT", path: life + "/dial", body: `{"on":false}`, status: 200, has: []string{`{"on":false,"level":"all"}`}},
				get(life+"/dial", `{"on":false,"level":"all"}`),
			},
		},
		"PerOwner": {
			reason: "each repository has its own value of each setting",
			steps: []collStep{
				{method: "PUT", path: life + "/switch", body: `{"level":"none"}`, status: 204},
				get(other+"/switch", `{"on":true,"level":"all"}`),
				get(life+"/dial", `{"on":true,"level":"all"}`),
				get(life+"/switch", `{"on":true,"level":"none"}`),
			},
		},
		"Refused": {
			reason: "a body the setting refuses is its 422, one that is no JSON object 400, a required body left out 400; nothing changes",
			steps: []collStep{
				{method: "PUT", path: life + "/switch", body: `{"on":false,"level":"most"}`, status: 422,
					has: []string{`"message":"Validation Failed"`, `{"resource":"Dial","code":"invalid","field":"level"}`, `notes#set-switch`}},
				{method: "PUT", path: life + "/switch", body: `{"on":"yes"}`, status: 422, has: []string{`For 'properties/on', \"yes\" is not a boolean.`}},
				{method: "PUT", path: life + "/switch", body: `[]`, status: 400, has: []string{`Problems parsing JSON`}},
				{method: "PUT", path: life + "/switch", body: ``, status: 400},
				get(life+"/switch", `{"on":true,"level":"all"}`),
				{method: "PUT", path: life + "/dial", body: ``, status: 200, has: []string{`{"on":true,"level":"all"}`}},
			},
		},
		"UnknownRepository": {
			reason: "a repository that is not there is 404 Not Found with the operation's documentation, reads and writes alike",
			steps: []collStep{
				{method: "GET", path: "/repos/demo-user/nothing/switch", status: 404, has: []string{`"message":"Not Found"`, `notes#get-switch`}},
				{method: "PUT", path: "/repos/demo-user/nothing/switch", body: `{"on":false}`, status: 404, has: []string{`notes#set-switch`}},
			},
		},
		"Access": {
			reason: "each operation has its own access: a reader reads the dial but not the switch, and sets neither",
			steps: []collStep{
				{method: "GET", token: "other-token", path: life + "/switch", status: 403, has: []string{`Must have admin rights to Repository.`}},
				{method: "PUT", token: "other-token", path: life + "/switch", body: `{"on":false}`, status: 403},
				{method: "GET", token: "other-token", path: life + "/dial", status: 200, has: []string{`{"on":true,"level":"all"}`}},
				{method: "PUT", token: "other-token", path: life + "/dial", body: `{"on":false}`, status: 403, has: []string{`notes#set-dial`}},
				get(life+"/dial", `{"on":true,"level":"all"}`),
				{method: "GET", anonymous: true, path: life + "/dial", status: 401, has: []string{`"message":"Requires authentication"`}},
			},
		},
		"Archived": {
			reason: "an archived repository's setting is read, and a PUT is refused as every write there",
			steps: []collStep{
				{method: "PATCH", path: life, body: `{"archived":true}`, status: 200},
				{method: "PUT", path: life + "/switch", body: `{"on":false}`, status: 403, has: []string{`Repository was archived so is read-only.`}},
				get(life+"/switch", `{"on":true,"level":"all"}`),
			},
		},
		"Renamed": {
			reason: "the setting lives in its repository: a rename keeps it",
			steps: []collStep{
				{method: "PUT", path: life + "/switch", body: `{"level":"none"}`, status: 204},
				{method: "PATCH", path: life, body: `{"name":"lived"}`, status: 200},
				get("/repos/demo-user/lived/switch", `{"on":true,"level":"none"}`),
			},
		},
		"ETags": {
			reason: "a read of an unchanged setting sent back with its ETag is 304; a changed one is read again",
			steps: []collStep{
				get(life+"/switch", `"level":"all"`),
				{method: "GET", path: life + "/switch", sendETag: true, status: 304},
				{method: "PUT", path: life + "/switch", body: `{"level":"some"}`, status: 204},
				get(life+"/switch", `"level":"some"`),
				{method: "GET", path: life + "/switch", sendETag: true, status: 304},
			},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) { runStepsOn(t, settingServer, tc.reason, tc.steps) })
	}
}

func TestSettingOnOrg(t *testing.T) {
	const org, other = "/orgs/demo-org", "/orgs/other-org"
	get := func(token, path, want string) collStep {
		return collStep{method: "GET", token: token, path: path, status: http.StatusOK, has: []string{want}}
	}
	notFound := func(token, method, path string) collStep {
		return collStep{method: method, path: path, body: `{"on":false}`, token: token, status: http.StatusNotFound, has: []string{`"message":"Not Found"`}}
	}
	cases := map[string]struct {
		reason string
		steps  []collStep
	}{
		"RoundTrip": {
			reason: "under an organization, the default is read, a PUT answers as declared, and the new value is read back",
			steps: []collStep{
				get("", org+"/switch", `{"on":true,"level":"all"}`),
				{method: "PUT", path: org + "/switch", body: `{"level":"none"}`, status: 204},
				get("", org+"/switch", `{"on":true,"level":"none"}`),
				{method: "PUT", path: org + "/dial", body: `{"on":false}`, status: 200, has: []string{`{"on":false,"level":"all"}`}},
				get("", "/orgs/DEMO-ORG/dial", `{"on":false,"level":"all"}`),
			},
		},
		"PerOwner": {
			reason: "each organization has its own value, apart from its repositories'",
			steps: []collStep{
				{method: "PUT", path: org + "/switch", body: `{"level":"none"}`, status: 204},
				get("", other+"/switch", `{"on":true,"level":"all"}`),
				get("", "/repos/demo-user/life/switch", `{"on":true,"level":"all"}`),
			},
		},
		"NotAnOrganization": {
			reason: "a login that is no account's, or a user's, is 404 Not Found, reads and writes alike",
			steps: []collStep{
				notFound("", "GET", "/orgs/nobody/switch"), notFound("", "PUT", "/orgs/nobody/switch"),
				notFound("", "GET", "/orgs/demo-user/switch"), notFound("", "PUT", "/orgs/demo-user/switch"),
			},
		},
		"Outsiders": {
			reason: "a user who is not a member finds nothing, and changes nothing",
			steps: []collStep{
				notFound("other-token", "GET", org+"/switch"), notFound("other-token", "PUT", org+"/switch"),
				get("", org+"/switch", `{"on":true,"level":"all"}`),
			},
		},
		"MembersRead": {
			reason: "where members read and owners set, a member reads and a member's PUT is the operation's 403; nothing changes",
			steps: []collStep{
				get("member-token", org+"/switch", `{"on":true,"level":"all"}`),
				{method: "PUT", token: "member-token", path: org + "/switch", body: `{"on":false}`, status: 403,
					has: []string{`{"message":"You must be an organization owner to set the switch.","documentation_url":"https://docs.example.com/notes#org-set-switch","status":"403"}`}},
				get("", org+"/switch", `{"on":true,"level":"all"}`),
			},
		},
		"OwnersOnly": {
			reason: "where everything needs an owner, a member finds nothing",
			steps:  []collStep{notFound("member-token", "GET", org+"/dial"), notFound("member-token", "PUT", org+"/dial")},
		},
		"Installations": {
			reason: "an installation on the organization reads with the operation's permission at read and sets with it at write; " +
				"one on another organization finds nothing, and none may use an operation GitHub keeps from Apps",
			steps: []collStep{
				get("app-read-token", org+"/switch", `"level":"all"`),
				{method: "PUT", token: "app-read-token", path: org + "/switch", body: `{"on":false}`, status: 403, has: []string{`Resource not accessible by integration`}},
				{method: "PUT", token: "app-write-token", path: org + "/switch", body: `{"on":false}`, status: 204},
				get("", org+"/switch", `{"on":false,"level":"all"}`),
				{method: "GET", token: "app-write-token", path: org + "/dial", status: 403, has: []string{`Resource not accessible by integration`}},
				notFound("app-other-token", "GET", org+"/switch"),
			},
		},
		"Refused": {
			reason: "an owner's body the setting refuses is its 422, and nothing changes",
			steps: []collStep{
				{method: "PUT", path: org + "/switch", body: `{"level":"most"}`, status: 422, has: []string{`"field":"level"`, `notes#org-set-switch`}},
				get("", org+"/switch", `{"on":true,"level":"all"}`),
			},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) { runStepsOn(t, settingServer, tc.reason, tc.steps) })
	}
}

// TestSettingDeclarations: a mount, under a repository or an organization,
// refuses a declaration a request would find lacking.
func TestSettingDeclarations(t *testing.T) {
	declared := func(change func(k *setting[dial])) *setting[dial] {
		k := *switches
		change(&k)
		return &k
	}
	mounts := map[string]func(k *setting[dial]){
		"onRepo": func(k *setting[dial]) {
			k.onRepo(&routeTable{s: &Server{}, kind: "test"}, settingMount[repoOp]{path: "/switch", get: repoOp{doc: noteDoc}, put: repoOp{doc: noteDoc}})
		},
		"onOrg": func(k *setting[dial]) {
			k.onOrg(&routeTable{s: &Server{}, kind: "test"}, settingMount[orgOp]{path: "/switch", get: orgOp{doc: noteDoc}, put: orgOp{doc: noteDoc}})
		},
	}
	cases := map[string]struct {
		reason  string
		setting *setting[dial]
		panics  bool
	}{
		"Complete":   {reason: "a name, a default, render, read and a reply", setting: switches},
		"ReplyItem":  {reason: "a PUT may answer with the value", setting: dials},
		"NoName":     {reason: "a setting needs a name for its state", setting: declared(func(k *setting[dial]) { k.name = "" }), panics: true},
		"NoDefault":  {reason: "an owner that never set it reads GitHub's default", setting: declared(func(k *setting[dial]) { k.def = nil }), panics: true},
		"NoRender":   {reason: "a setting is rendered", setting: declared(func(k *setting[dial]) { k.render = nil }), panics: true},
		"NoRead":     {reason: "a PUT body is read", setting: declared(func(k *setting[dial]) { k.read = nil }), panics: true},
		"ReplyEmpty": {reason: "a PUT may answer 201 with an empty object, as GitHub answers an OIDC subject claim template", setting: declared(func(k *setting[dial]) { k.reply = replyEmpty })},
		"NoReply":    {reason: "a PUT answers 204, the value or an empty object, nothing else", setting: declared(func(k *setting[dial]) { k.reply = reply(99) }), panics: true},
	}
	for name, tc := range cases {
		for mount, mountIt := range mounts {
			t.Run(name+"/"+mount, func(t *testing.T) {
				got := func() (p any) {
					defer func() { p = recover() }()
					mountIt(tc.setting)
					return nil
				}()
				if (got != nil) != tc.panics {
					t.Errorf("\n%s\n%s: panic %v, want panic %t", tc.reason, mount, got, tc.panics)
				}
			})
		}
	}
}
