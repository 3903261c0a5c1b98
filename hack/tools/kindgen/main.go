// Command kindgen writes the per-scope API wrappers of provider-github's
// managed resource kinds.
//
// A kind is declared once, by its Parameters and Observation types in
// apis/<group>/common/<version>, with markers on the Parameters type:
//
//	// +github:kind=Repository
//	// +github:kind:printcolumn:name="OWNER",type="string",JSONPath=".status.atProvider.owner"
//	// +github:kind:description=One sentence appended to the kind's godoc.
//	// +github:kind:noun=repository
//	// +github:kind:specrule=rule="...",message="..."
//	// +github:kind:specrule:namespaced=rule="...",message="..."
//	// +github:kind:namespaced:validation:XValidation:rule="...",message="..."
//	// +github:kind:cluster:validation:XValidation:rule="...",message="..."
//
// Only +github:kind is required. A namespaced: or cluster: marker is a
// kubebuilder validation marker on forProvider of that scope's kind only,
// for a rule that differs between the scopes. Print columns go between EXTERNAL-NAME and
// AGE, in the order written; the noun defaults to the kind's words in lower
// case. A spec rule is a CEL rule (an XValidation marker's value) put on
// the spec, for rules that read beside forProvider; specrule:namespaced and
// specrule:cluster put it on one scope's spec only. For every kind kindgen writes the namespaced kind
// (apis/<group>/m/<version>, API group <group>.github.m.crossplane.io) and
// the cluster-scoped kind (apis/<group>/<version>, <group>.github.crossplane.io):
// spec, status, object, list, accessors, type metadata and scheme
// registration. It writes a group's groupversion_info unless a hand-written
// file there declares SchemeGroupVersion, and apis/zz_generated.groups.go,
// which registers every API group found under apis; apis/zz_generated.kinds.go,
// every kind's GroupVersionKind in each scope and the scope of a resource;
// and, in the -twins folder, package twins, which makes a kind's resources
// in either scope for tests.
//
// Usage: kindgen [-header file] -twins dir apis-dir
//
// kindgen new writes a new kind in every layer (see scaffold.go):
//
//	kindgen new [-org] [-setting | -id] [-noun label] [-path /labels] [-doc url] [-permission Issues] <Kind>
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "new" {
		if err := runNew(os.Args[2:]); err != nil {
			fmt.Fprintln(os.Stderr, "kindgen new:", err)
			os.Exit(1)
		}
		return
	}
	header := flag.String("header", "", "file whose text starts every generated file")
	twins := flag.String("twins", "", "folder of package twins, the tests' scope pairs")
	flag.Parse()
	if flag.NArg() != 1 || *twins == "" {
		fmt.Fprintln(os.Stderr, "usage: kindgen [-header file] -twins dir apis-dir")
		os.Exit(2)
	}
	if err := run(flag.Arg(0), *twins, *header); err != nil {
		fmt.Fprintln(os.Stderr, "kindgen:", err)
		os.Exit(1)
	}
}

func run(apisDir, twinsDir, headerFile string) error {
	apisDir, err := filepath.Abs(apisDir)
	if err != nil {
		return err
	}
	if twinsDir, err = filepath.Abs(twinsDir); err != nil {
		return err
	}
	var header []byte
	if headerFile != "" {
		if header, err = os.ReadFile(headerFile); err != nil {
			return err
		}
	}
	importPath, err := importPathOf(apisDir)
	if err != nil {
		return err
	}
	files, err := generate(apisDir, importPath, string(header))
	if err != nil {
		return err
	}
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		name := filepath.Join(apisDir, filepath.FromSlash(p))
		if p == twinsFile {
			name = filepath.Join(twinsDir, filepath.Base(p))
		}
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(name, files[p], 0o644); err != nil {
			return err
		}
	}
	return nil
}

// importPathOf returns the Go import path of dir, from the module line of the
// nearest go.mod above it.
func importPathOf(dir string) (string, error) {
	for root := dir; ; root = filepath.Dir(root) {
		module, err := moduleLine(filepath.Join(root, "go.mod"))
		if err == nil {
			rel, err := filepath.Rel(root, dir)
			if err != nil {
				return "", err
			}
			if rel == "." {
				return module, nil
			}
			return module + "/" + filepath.ToSlash(rel), nil
		}
		if !errors.Is(err, os.ErrNotExist) {
			return "", err
		}
		if filepath.Dir(root) == root {
			return "", fmt.Errorf("no go.mod above %s", dir)
		}
	}
}

func moduleLine(gomod string) (string, error) {
	f, err := os.Open(gomod)
	if err != nil {
		return "", err
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if m, ok := strings.CutPrefix(strings.TrimSpace(s.Text()), "module "); ok {
			return strings.Trim(strings.TrimSpace(m), `"`), nil
		}
	}
	if err := s.Err(); err != nil {
		return "", err
	}
	return "", fmt.Errorf("%s has no module line", gomod)
}
