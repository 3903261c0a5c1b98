package admission

import (
	"strings"
	"testing"
)

func TestAdmit(t *testing.T) {
	s, err := Load("repo.github.crossplane.io_rulesets.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string]struct {
		reason string
		in     map[string]any
		want   string // the defaulted JSON, or a word of the refusal
		refuse bool
	}{
		"Defaulted": {
			reason: "An admitted spec comes back with the schema's defaults.",
			in:     map[string]any{"repository": "r", "name": "x"},
			want:   `{"enforcement":"active","name":"x","repository":"r","target":"branch"}`,
		},
		"Integers": {
			reason: "Integers are integers to the CEL rules, as the API server decodes them.",
			in:     map[string]any{"repository": "r", "name": "x", "bypassActors": []any{map[string]any{"actorType": "Team", "actorId": 7}}},
			want:   `{"bypassActors":[{"actorId":7,"actorType":"Team","bypassMode":"always"}],"enforcement":"active","name":"x","repository":"r","target":"branch"}`,
		},
		"Schema": {
			reason: "An enum is the schema's.",
			in:     map[string]any{"repository": "r", "name": "x", "target": "nope"},
			want:   "supported values", refuse: true,
		},
		"CEL": {
			reason: "A CEL rule refuses too.",
			in:     map[string]any{"repository": "r", "name": " x"},
			want:   "cannot start or end with spaces", refuse: true,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			out, errs := s.Admit(tc.in)
			switch {
			case tc.refuse && (len(errs) == 0 || !strings.Contains(errs.ToAggregate().Error(), tc.want)):
				t.Errorf("\n%s\nAdmit(...): want a refusal saying %q, got %s, %v", tc.reason, tc.want, out, errs)
			case !tc.refuse && (len(errs) > 0 || string(out) != tc.want):
				t.Errorf("\n%s\nAdmit(...): want %s, got %s, %v", tc.reason, tc.want, out, errs)
			}
		})
	}
}
