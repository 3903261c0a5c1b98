package actionsvariable

import (
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Imported is the spec of an ActionsVariable resource for GitHub's
// variable v, as it is (its repository and environment are the importer's
// to name): its name and value, which GitHub answers.
func Imported(v *github.ActionsVariable) common.ActionsVariableParameters {
	return common.ActionsVariableParameters{Name: v.Name, Value: v.Value}
}
