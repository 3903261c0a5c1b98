package actionsvariable

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestImported(t *testing.T) {
	cases := map[string]struct {
		v    *github.ActionsVariable
		want common.ActionsVariableParameters
	}{
		"a value": {
			v:    &github.ActionsVariable{Name: "REGION", Value: "eu-west-1"},
			want: common.ActionsVariableParameters{Name: "REGION", Value: "eu-west-1"},
		},
		"a value of several lines, with spaces kept": {
			v:    &github.ActionsVariable{Name: "HOSTS", Value: " a.example.com\nb.example.com\n"},
			want: common.ActionsVariableParameters{Name: "HOSTS", Value: " a.example.com\nb.example.com\n"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got := Imported(tc.v)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Imported(): -want, +got:\n%s", diff)
			}
			// Applied as it is, the spec finds nothing to change.
			if d := Drift(&got, tc.v); len(d) > 0 {
				t.Errorf("Drift(Imported()) = %v, want none", d)
			}
		})
	}
}
