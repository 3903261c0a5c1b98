package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/template"

	"github.com/Masterminds/sprig/v3"
	fnv1 "github.com/crossplane/function-sdk-go/proto/v1"
	"github.com/crossplane/function-sdk-go/request"
	"github.com/crossplane/function-sdk-go/resource"
	"github.com/crossplane/function-sdk-go/resource/composed"
	"github.com/crossplane/function-sdk-go/response"
	"google.golang.org/protobuf/encoding/protojson"
	"k8s.io/apimachinery/pkg/util/yaml"
)

// Annotations of function-go-templating on the documents a template
// renders: the composed resource's name in the Composition, and whether
// it is ready whatever it reports.
const (
	annotationName  = "gotemplating.fn.crossplane.io/composition-resource-name"
	annotationReady = "gotemplating.fn.crossplane.io/ready"
)

// GoTemplate is the input of function-go-templating's inline mode. This
// function takes it too, so the e2e test composes an example Composition
// written for function-go-templating and function-auto-ready
// (examples/composition/orgbaseline) with the example's own template, in
// real Crossplane: the e2e Composition is the example with its
// functionRefs pointing here.
type GoTemplate struct {
	Source string `json:"source"`
	Inline struct {
		Template string `json:"template"`
	} `json:"inline"`
}

// inlineTemplate is the request's inline template; "" when the input is
// not one (an XTeamRepos Composition has no input).
func inlineTemplate(req *fnv1.RunFunctionRequest) (string, error) {
	if req.GetInput() == nil {
		return "", nil
	}
	raw, err := protojson.Marshal(req.GetInput())
	if err != nil {
		return "", fmt.Errorf("cannot read the input: %w", err)
	}
	var in GoTemplate
	if err := json.Unmarshal(raw, &in); err != nil {
		return "", fmt.Errorf("cannot read the input: %w", err)
	}
	if in.Source != "" && in.Source != "Inline" {
		return "", fmt.Errorf("input source %q: this function takes only inline templates", in.Source)
	}
	return in.Inline.Template, nil
}

// renderTemplate renders src (with sprig's functions, as
// function-go-templating does) over the request as a map — so a template
// reads .observed.composite.resource.spec — and returns the composed
// resources it writes, by the name each document's annotation gives, and
// each one's readiness: ready when the template says so, or (as
// function-auto-ready does) once the provider reports it Ready.
func renderTemplate(src string, req *fnv1.RunFunctionRequest, observed map[resource.Name]resource.ObservedComposed) (map[resource.Name]*resource.DesiredComposed, error) {
	tpl, err := template.New("inline").Funcs(sprig.TxtFuncMap()).Parse(src)
	if err != nil {
		return nil, fmt.Errorf("cannot parse the template: %w", err)
	}
	raw, err := protojson.Marshal(req)
	if err != nil {
		return nil, fmt.Errorf("cannot read the request: %w", err)
	}
	var data map[string]any
	if err := json.Unmarshal(raw, &data); err != nil {
		return nil, fmt.Errorf("cannot read the request: %w", err)
	}
	var out bytes.Buffer
	if err := tpl.Execute(&out, data); err != nil {
		return nil, fmt.Errorf("cannot render the template: %w", err)
	}
	desired := map[resource.Name]*resource.DesiredComposed{}
	dec := yaml.NewYAMLOrJSONDecoder(&out, 4096)
	for {
		var obj map[string]any
		if err := dec.Decode(&obj); err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			return nil, fmt.Errorf("the template rendered bad YAML: %w", err)
		}
		if len(obj) == 0 {
			continue
		}
		c := composed.New()
		c.Object = obj
		ann := c.GetAnnotations()
		name := resource.Name(ann[annotationName])
		if name == "" {
			return nil, fmt.Errorf("the template rendered a %s without the annotation %s", c.GetKind(), annotationName)
		}
		if _, dup := desired[name]; dup {
			return nil, fmt.Errorf("the template rendered two resources named %s", name)
		}
		ready := resource.ReadyUnspecified
		if strings.EqualFold(ann[annotationReady], "True") {
			ready = resource.ReadyTrue
		} else if observedReady(observed, name) {
			ready = resource.ReadyTrue
		}
		delete(ann, annotationName)
		delete(ann, annotationReady)
		if len(ann) == 0 {
			ann = nil // no annotations field left behind
		}
		c.SetAnnotations(ann)
		desired[name] = &resource.DesiredComposed{Resource: c, Ready: ready}
	}
	return desired, nil
}

// autoReady does what function-auto-ready does, for a composite resource
// other than an XTeamRepos: each desired composed resource is ready once
// the provider reports it Ready.
func (f *Function) autoReady(req *fnv1.RunFunctionRequest, rsp *fnv1.RunFunctionResponse) {
	observed, err := request.GetObservedComposedResources(req)
	if err != nil {
		response.Fatal(rsp, fmt.Errorf("cannot get observed composed resources: %w", err))
		return
	}
	desired, err := request.GetDesiredComposedResources(req)
	if err != nil {
		response.Fatal(rsp, fmt.Errorf("cannot get desired composed resources: %w", err))
		return
	}
	for name, d := range desired {
		if observedReady(observed, name) {
			d.Ready = resource.ReadyTrue
		}
	}
	if err := response.SetDesiredComposedResources(rsp, desired); err != nil {
		response.Fatal(rsp, fmt.Errorf("cannot set desired composed resources: %w", err))
	}
}
