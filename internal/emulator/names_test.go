package emulator

import (
	"encoding/base64"
	"strings"
	"testing"
)

func TestNormalizeRepoName(t *testing.T) {
	tests := []struct {
		in, want string
		wantErr  bool
	}{
		{"hello", "hello", false},
		{"Hello.World_1-2", "Hello.World_1-2", false},
		{"hello world", "hello-world", false},
		{"  padded  ", "padded", false},
		{"a  b!!c", "a-b-c", false},
		{"ünïcode", "-n-code", false},
		{"trailing!", "trailing-", false},
		{".", "", true},
		{"..", "", true},
		{"", "", true},
		{"!!!", "", true},
		{strings.Repeat("a", 100), strings.Repeat("a", 100), false},
		{strings.Repeat("a", 101), "", true},
	}
	for _, tt := range tests {
		got, err := NormalizeRepoName(tt.in)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("NormalizeRepoName(%q) = %q, %v; want %q, err=%v", tt.in, got, err, tt.want, tt.wantErr)
		}
	}
}

func TestNormalizeTopics(t *testing.T) {
	many := make([]string, 21)
	for i := range many {
		many[i] = "t" + string(rune('a'+i))
	}
	tests := []struct {
		name     string
		in       []string
		want     string
		problems int
	}{
		{"lowercased and deduplicated", []string{"Go", "go", "k8s"}, "go,k8s", 0},
		{"hyphens allowed inside", []string{"a-b"}, "a-b", 0},
		{"must start alphanumeric", []string{"-a"}, "", 1},
		{"no underscores", []string{"a_b"}, "", 1},
		{"50 characters max", []string{strings.Repeat("a", 51)}, "", 1},
		{"50 characters ok", []string{strings.Repeat("a", 50)}, strings.Repeat("a", 50), 0},
		{"at most 20", many, strings.Join(many, ","), 1},
		{"empty list", []string{}, "", 0},
	}
	for _, tt := range tests {
		got, problems := NormalizeTopics(tt.in)
		if len(problems) != tt.problems || (tt.problems == 0 && strings.Join(got, ",") != tt.want) {
			t.Errorf("%s: NormalizeTopics(%v) = %v, %v", tt.name, tt.in, got, problems)
		}
	}
}

func TestNodeID(t *testing.T) {
	tests := []struct {
		prefix string
		id     int64
		want   string
	}{
		{"R", 1, "R_kgDO"},
		{"U", 180000001, "U_kgDO"},
		{"R", 1 << 40, "R_kgDP"},
	}
	for _, tt := range tests {
		got := nodeID(tt.prefix, tt.id)
		if !strings.HasPrefix(got, tt.want) {
			t.Errorf("nodeID(%s, %d) = %s, want prefix %s", tt.prefix, tt.id, got, tt.want)
		}
		raw, err := base64.RawURLEncoding.DecodeString(strings.TrimPrefix(got, tt.prefix+"_"))
		if err != nil || raw[0] != 0x92 {
			t.Errorf("nodeID(%s, %d) = %s is not a MessagePack array: %v", tt.prefix, tt.id, got, err)
		}
	}
	if nodeID("R", 1) == nodeID("R", 2) {
		t.Error("node ids collide")
	}
}

func TestETagMatching(t *testing.T) {
	tag := weakETag([]byte(`{"a":1}`))
	tests := []struct {
		header string
		want   bool
	}{
		{tag, true},
		{strings.TrimPrefix(tag, "W/"), true},
		{`W/"other", ` + tag, true},
		{"*", true},
		{`W/"other"`, false},
		{"", false},
	}
	for _, tt := range tests {
		if got := etagMatches(tt.header, tag); got != tt.want {
			t.Errorf("etagMatches(%q) = %v, want %v", tt.header, got, tt.want)
		}
	}
	a := withoutMergeSettings([]byte(`{"id":1,"allow_squash_merge":true,"merge_commit_title":"PR_TITLE"}`))
	b := withoutMergeSettings([]byte(`{"id":1,"allow_squash_merge":false,"merge_commit_title":"MERGE_MESSAGE"}`))
	if weakETag(a) != weakETag(b) {
		t.Errorf("merge settings still affect the ETag input: %s vs %s", a, b)
	}
}

func TestParseSeed(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		wantErr string
	}{
		{"yaml", "users:\n- login: u\n  tokens: [t]\norgs:\n- login: o\n  members:\n  - login: u\n    role: admin\nrepos:\n- owner: o\n  name: r\n  visibility: internal\n  branches: [main, dev]\n", ""},
		{"json", `{"users":[{"login":"u","tokens":["t"]}],"repos":[{"owner":"u","name":"r","topics":["a"]}]}`, ""},
		{"unknown field", "users:\n- login: u\n  token: t\n", "unknown field"},
		{"member not a user", "orgs:\n- login: o\n  members:\n  - login: ghost\n", "not a seeded user"},
		{"bad role", "users:\n- login: u\norgs:\n- login: o\n  members:\n  - login: u\n    role: king\n", "role"},
		{"internal on a user", "users:\n- login: u\nrepos:\n- owner: u\n  name: r\n  visibility: internal\n", "visibility"},
		{"duplicate token", "users:\n- login: u\n  tokens: [t]\n- login: v\n  tokens: [t]\n", "token"},
		{"bad app key", "users:\n- login: u\napps:\n- id: 1\n  slug: a\n  publicKeyPEM: nope\n", "PEM"},
		{"duplicate repo", "users:\n- login: u\nrepos:\n- owner: u\n  name: r\n- owner: u\n  name: R\n", "twice"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := ParseSeed([]byte(tt.in))
			if err == nil {
				_, err = buildWorld(s, DefaultSeedTime, 0)
			}
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("err = %v", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("err = %v, want it to mention %q", err, tt.wantErr)
			}
		})
	}
	w, err := buildWorld(DefaultSeed(), DefaultSeedTime, 0)
	if err != nil {
		t.Fatal(err)
	}
	if w.tokens["demo-token"] == nil || w.tokens["other-token"] == nil || w.account("demo-org").Members["demo-user"] != RoleAdmin {
		t.Error("default seed lacks demo-token, other-token or demo-org ownership")
	}
}
