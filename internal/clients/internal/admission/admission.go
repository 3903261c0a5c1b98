// Package admission tells, for the mapping fuzz tests, whether the
// Kubernetes API server would admit a kind's spec.forProvider: it checks a
// value against the generated CRD's OpenAPI schema and its CEL rules (those
// of a create: rules comparing with oldSelf do not apply), after applying
// the schema's defaults, as the API server does. Only tests import it.
package admission

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	extv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	utiljson "k8s.io/apimachinery/pkg/util/json"
	"k8s.io/apimachinery/pkg/util/validation/field"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"sigs.k8s.io/yaml"
)

// A Schema is the schema of one kind's spec.forProvider.
type Schema struct {
	structural *structuralschema.Structural
	schema     validation.SchemaValidator
	cel        *cel.Validator
}

// Load reads the CRD package/crds/<file> of the repository and returns the
// schema of spec.forProvider of its first version.
func Load(file string) (*Schema, error) {
	_, self, _, _ := runtime.Caller(0)
	raw, err := os.ReadFile(filepath.Join(filepath.Dir(self), "..", "..", "..", "..", "package", "crds", file))
	if err != nil {
		return nil, err
	}
	crd := &extv1.CustomResourceDefinition{}
	if err := yaml.Unmarshal(raw, crd); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if len(crd.Spec.Versions) == 0 || crd.Spec.Versions[0].Schema == nil {
		return nil, fmt.Errorf("%s: no schema", file)
	}
	v1 := crd.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"].Properties["forProvider"]
	props := &apiextensions.JSONSchemaProps{}
	if err := extv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(&v1, props, nil); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	s, err := structuralschema.NewStructural(props)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	sv, _, err := validation.NewSchemaValidator(props)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return &Schema{structural: s, schema: sv, cel: cel.NewValidator(s, false, celconfig.PerCallLimit)}, nil
}

// Admit applies the schema's defaults to forProvider (any JSON-encodable
// value, such as a kind's parameters) and validates it. It returns the
// defaulted value as JSON, or the reasons the API server would refuse it.
func (s *Schema) Admit(forProvider any) ([]byte, field.ErrorList) {
	raw, err := json.Marshal(forProvider)
	if err != nil {
		return nil, field.ErrorList{field.InternalError(nil, err)}
	}
	// Integers as int64, as the API server decodes them for its rules.
	var obj any
	if err := utiljson.Unmarshal(raw, &obj); err != nil {
		return nil, field.ErrorList{field.InternalError(nil, err)}
	}
	defaulting.Default(obj, s.structural)
	path := field.NewPath("spec", "forProvider")
	errs := validation.ValidateCustomResource(path, obj, s.schema)
	if len(errs) == 0 && s.cel != nil {
		errs, _ = s.cel.Validate(context.Background(), path, s.structural, obj, nil, celconfig.RuntimeCELCostBudget)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	out, err := json.Marshal(obj)
	if err != nil {
		return nil, field.ErrorList{field.InternalError(nil, err)}
	}
	return out, nil
}

// As is forProvider as the API server would keep it, its defaults applied,
// decoded as a T; nil when the API server would refuse it. A kind's fuzz
// test keeps only the specs a user could apply.
func As[T any](t testing.TB, s *Schema, forProvider any) *T {
	t.Helper()
	admitted, errs := s.Admit(forProvider)
	if len(errs) > 0 {
		return nil
	}
	out := new(T)
	if err := json.Unmarshal(admitted, out); err != nil {
		t.Fatalf("json.Unmarshal(admitted spec): %v", err)
	}
	return out
}
