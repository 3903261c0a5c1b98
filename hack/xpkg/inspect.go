package main

import (
	"archive/tar"
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/mutate"
	"github.com/google/go-containerregistry/pkg/v1/tarball"
)

// Crossplane records which layer of a package holds what in config labels
// "io.crossplane.xpkg:<layer digest>" = "base" (package.yaml) or "upbound"
// (.up/examples.yaml; the value is historical).
const (
	xpkgLabelPrefix = "io.crossplane.xpkg:"
	baseLayer       = "base"
	examplesLayer   = "upbound"
)

// Contents is what a package carries.
type Contents struct {
	Meta          Object   // the meta.pkg.crossplane.io object
	CRDs          []string // names of the CustomResourceDefinitions
	Other         []Object // anything else in package.yaml
	Examples      int      // objects in the examples layer
	RuntimeLayers int      // layers that are neither package nor examples
	User          string
	Entrypoint    []string
	Files         map[string]int64 // runtime image files of interest -> size
	BinaryStatic  bool
	PasswdNonRoot bool
}

// Object is the identifying part of a YAML document.
type Object struct {
	APIVersion, Kind, Name string
	Raw                    string
}

func inspectCmd(args []string) error {
	fl := flag.NewFlagSet("inspect", flag.ExitOnError)
	crdDir := fl.String("crds", "", "Fail unless the package holds exactly the CRDs in this folder.")
	_ = fl.Parse(args)
	if fl.NArg() != 1 {
		return errors.New("inspect needs the .xpkg file")
	}
	c, err := Inspect(fl.Arg(0))
	if err != nil {
		return err
	}
	fmt.Print(c.Summary())
	return c.Check(*crdDir)
}

// Inspect reads a package file written by `crossplane xpkg build`.
func Inspect(path string) (*Contents, error) {
	img, err := tarball.ImageFromPath(path, nil)
	if err != nil {
		return nil, fmt.Errorf("cannot open %s as an image tarball: %w", path, err)
	}
	cf, err := img.ConfigFile()
	if err != nil {
		return nil, err
	}
	layers, err := img.Layers()
	if err != nil {
		return nil, err
	}
	c := &Contents{User: cf.Config.User, Entrypoint: cf.Config.Entrypoint, Files: map[string]int64{}}
	for _, l := range layers {
		d, err := l.Digest()
		if err != nil {
			return nil, err
		}
		switch cf.Config.Labels[xpkgLabelPrefix+d.String()] {
		case baseLayer:
			b, err := readFile(l, "package.yaml")
			if err != nil {
				return nil, err
			}
			for _, o := range splitYAML(b) {
				switch {
				case strings.HasPrefix(o.APIVersion, "meta.pkg.crossplane.io/"):
					c.Meta = o
				case o.Kind == "CustomResourceDefinition":
					c.CRDs = append(c.CRDs, o.Name)
				default:
					c.Other = append(c.Other, o)
				}
			}
		case examplesLayer:
			b, err := readFile(l, ".up/examples.yaml")
			if err != nil {
				return nil, err
			}
			c.Examples = len(splitYAML(b))
		default:
			c.RuntimeLayers++
		}
	}
	sort.Strings(c.CRDs)
	if c.RuntimeLayers == 0 {
		return c, nil
	}
	// The runtime image is the package image minus the package layers;
	// flatten it and look at the files that matter.
	rc := mutate.Extract(img)
	defer rc.Close()
	tr := tar.NewReader(rc)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		n := strings.TrimPrefix(h.Name, "/")
		switch n {
		case BinaryPath:
			c.Files[n] = h.Size
			head := make([]byte, 1<<16)
			k, _ := io.ReadFull(tr, head)
			c.BinaryStatic = isStaticELF(head[:k]) && h.Mode&0o111 != 0
		case CACertsPath:
			c.Files[n] = h.Size
		case "etc/passwd":
			c.Files[n] = h.Size
			b, _ := io.ReadAll(tr)
			c.PasswdNonRoot = bytes.Contains(b, fmt.Appendf(nil, ":%d:%d:", uid, gid))
		}
	}
	return c, nil
}

// Summary is a few human-readable lines.
func (c *Contents) Summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "package:  %s %s %q\n", c.Meta.APIVersion, c.Meta.Kind, c.Meta.Name)
	fmt.Fprintf(&b, "crds:     %d (%s)\n", len(c.CRDs), strings.Join(c.CRDs, ", "))
	fmt.Fprintf(&b, "examples: %d objects\n", c.Examples)
	fmt.Fprintf(&b, "runtime:  %d layers, user %s, entrypoint %v, provider binary %d bytes (static: %t), CA bundle %d bytes, passwd has uid %d: %t\n",
		c.RuntimeLayers, c.User, c.Entrypoint, c.Files[BinaryPath], c.BinaryStatic, c.Files[CACertsPath], uid, c.PasswdNonRoot)
	return b.String()
}

// Check fails unless the package is complete; with crdDir, the CRDs must be
// exactly those in that folder.
func (c *Contents) Check(crdDir string) error {
	var problems []string
	if c.Meta.Kind != "Provider" {
		problems = append(problems, "no meta.pkg.crossplane.io Provider in package.yaml")
	}
	if len(c.CRDs) == 0 {
		problems = append(problems, "no CRDs")
	}
	if len(c.Other) > 0 {
		problems = append(problems, fmt.Sprintf("%d unexpected objects in package.yaml (first: %s %s)", len(c.Other), c.Other[0].Kind, c.Other[0].Name))
	}
	if c.Examples == 0 {
		problems = append(problems, "no examples layer")
	}
	if c.RuntimeLayers == 0 {
		problems = append(problems, "no runtime image embedded")
	} else {
		if c.Files[BinaryPath] == 0 || !c.BinaryStatic {
			problems = append(problems, "runtime image lacks a static executable /"+BinaryPath)
		}
		if c.Files[CACertsPath] == 0 {
			problems = append(problems, "runtime image lacks /"+CACertsPath)
		}
		if c.User != fmt.Sprint(uid) || !c.PasswdNonRoot {
			problems = append(problems, fmt.Sprintf("runtime image does not run as the non-root user %d", uid))
		}
		if len(c.Entrypoint) != 1 || c.Entrypoint[0] != "/"+BinaryPath {
			problems = append(problems, "runtime image entrypoint is not /"+BinaryPath)
		}
	}
	if crdDir != "" {
		want, err := crdNames(crdDir)
		if err != nil {
			return err
		}
		if strings.Join(want, ",") != strings.Join(c.CRDs, ",") {
			problems = append(problems, fmt.Sprintf("CRDs %v, want those in %s: %v", c.CRDs, crdDir, want))
		}
	}
	if len(problems) > 0 {
		return errors.New("package incomplete: " + strings.Join(problems, "; "))
	}
	fmt.Println("package complete: metadata, CRDs, examples and runtime image present")
	return nil
}

func crdNames(dir string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil {
		return nil, err
	}
	var names []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		for _, o := range splitYAML(b) {
			if o.Kind == "CustomResourceDefinition" {
				names = append(names, o.Name)
			}
		}
	}
	sort.Strings(names)
	return names, nil
}

func readFile(l v1.Layer, name string) ([]byte, error) {
	rc, err := l.Uncompressed()
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	tr := tar.NewReader(rc)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("layer has no %s", name)
		}
		if err != nil {
			return nil, err
		}
		if strings.TrimPrefix(h.Name, "/") == name {
			return io.ReadAll(tr)
		}
	}
}

// splitYAML finds apiVersion, kind and metadata.name of each document of a
// YAML stream, by their (block style, two-space indented) top-level lines.
func splitYAML(b []byte) []Object {
	var out []Object
	for _, doc := range regexpSplitDocs(string(b)) {
		var o Object
		inMeta := false
		sc := bufio.NewScanner(strings.NewReader(doc))
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "apiVersion:"):
				o.APIVersion = strings.TrimSpace(strings.TrimPrefix(line, "apiVersion:"))
			case strings.HasPrefix(line, "kind:"):
				o.Kind = strings.TrimSpace(strings.TrimPrefix(line, "kind:"))
			case strings.HasPrefix(line, "metadata:"):
				inMeta = true
			case inMeta && strings.HasPrefix(line, "  name:"):
				if o.Name == "" {
					o.Name = strings.Trim(strings.TrimSpace(strings.TrimPrefix(line, "  name:")), `"'`)
				}
			case line != "" && line[0] != ' ' && line[0] != '#':
				inMeta = false
			}
		}
		if o.Kind != "" {
			o.Raw = doc
			out = append(out, o)
		}
	}
	return out
}

func regexpSplitDocs(s string) []string {
	var docs []string
	var cur strings.Builder
	for _, line := range strings.SplitAfter(s, "\n") {
		if strings.TrimRight(line, "\r\n") == "---" {
			docs = append(docs, cur.String())
			cur.Reset()
			continue
		}
		cur.WriteString(line)
	}
	return append(docs, cur.String())
}

func extractCmd(args []string) error {
	if len(args) != 3 {
		return errors.New("extract needs: FILE PATH-IN-IMAGE OUT")
	}
	img, err := tarball.ImageFromPath(args[0], nil)
	if err != nil {
		return fmt.Errorf("cannot open %s as an image tarball: %w", args[0], err)
	}
	rc := mutate.Extract(img)
	defer rc.Close()
	tr := tar.NewReader(rc)
	want := strings.TrimPrefix(args[1], "/")
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return fmt.Errorf("%s has no /%s", args[0], want)
		}
		if err != nil {
			return err
		}
		if strings.TrimPrefix(h.Name, "/") != want {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(args[2]), 0o755); err != nil {
			return err
		}
		f, err := os.OpenFile(args[2], os.O_CREATE|os.O_TRUNC|os.O_WRONLY, os.FileMode(h.Mode).Perm())
		if err != nil {
			return err
		}
		if _, err := io.Copy(f, tr); err != nil {
			f.Close()
			return err
		}
		return f.Close()
	}
}
