package main

import (
	"archive/tar"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-containerregistry/pkg/v1/mutate"
)

// staticBinary compiles a tiny static program.
func staticBinary(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join(dir, "main.go")
	if err := os.WriteFile(src, []byte("package main\nfunc main() {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "provider")
	cmd := exec.Command("go", "build", "-o", out, src)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=linux", "GOARCH=amd64", "GOFLAGS=")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, b)
	}
	return out
}

func TestBuild(t *testing.T) {
	bin := staticBinary(t)
	cas := filepath.Join(t.TempDir(), "ca.crt")
	if err := os.WriteFile(cas, []byte("-----BEGIN CERTIFICATE-----\nx\n-----END CERTIFICATE-----\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rootfs := "../../cluster/images/provider-github/rootfs"

	cases := map[string]struct {
		reason  string
		spec    ImageSpec
		wantErr string
	}{
		"Complete": {
			reason: "A static binary, a CA bundle and the rootfs make an image.",
			spec:   ImageSpec{Binary: bin, RootFS: rootfs, CACerts: cas, Arch: "amd64"},
		},
		"DynamicBinary": {
			reason:  "A binary that needs a dynamic loader cannot run on scratch.",
			spec:    ImageSpec{Binary: "/bin/sh", RootFS: rootfs, CACerts: cas, Arch: "amd64"},
			wantErr: "not a statically linked ELF binary",
		},
		"NoCertificates": {
			reason:  "A CA file without PEM certificates is refused.",
			spec:    ImageSpec{Binary: bin, RootFS: rootfs, CACerts: bin, Arch: "amd64"},
			wantErr: "holds no PEM certificates",
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			img, err := Build(tc.spec)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("\n%s\nBuild(...): want error containing %q, got %v", tc.reason, tc.wantErr, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("\n%s\nBuild(...): %v", tc.reason, err)
			}
			cf, err := img.ConfigFile()
			if err != nil {
				t.Fatal(err)
			}
			if cf.Config.User != "65532" || len(cf.Config.Entrypoint) != 1 || cf.Config.Entrypoint[0] != "/usr/local/bin/provider" || cf.OS != "linux" {
				t.Errorf("\n%s\nconfig: user %q entrypoint %v os %q", tc.reason, cf.Config.User, cf.Config.Entrypoint, cf.OS)
			}
			files := map[string]*tar.Header{}
			tr := tar.NewReader(mutate.Extract(img))
			for {
				h, err := tr.Next()
				if errors.Is(err, io.EOF) {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				files[strings.TrimSuffix(h.Name, "/")] = h
			}
			for name, mode := range map[string]int64{"usr/local/bin/provider": 0o755, "etc/ssl/certs/ca-certificates.crt": 0o644, "etc/passwd": 0o644, "etc/group": 0o644, "tmp": 0o1777} {
				h, ok := files[name]
				if !ok {
					t.Errorf("\n%s\nimage lacks %s", tc.reason, name)
					continue
				}
				if h.Mode != mode || h.Uid != 0 {
					t.Errorf("\n%s\n%s: mode %o uid %d, want mode %o uid 0", tc.reason, name, h.Mode, h.Uid, mode)
				}
			}
			if h := files["home/nonroot"]; h == nil || h.Uid != 65532 {
				t.Errorf("\n%s\nhome/nonroot/ missing or not owned by 65532", tc.reason)
			}
		})
	}
}

func TestIsStaticELF(t *testing.T) {
	cases := map[string]struct {
		file string
		want bool
	}{
		"GoWithoutCgo": {file: staticBinary(t), want: true},
		"DynamicShell": {file: "/bin/sh", want: false},
		"NotELF":       {file: "main.go", want: false},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			b, err := os.ReadFile(tc.file)
			if err != nil {
				t.Fatal(err)
			}
			if got := isStaticELF(b); got != tc.want {
				t.Errorf("isStaticELF(%s) = %t, want %t", tc.file, got, tc.want)
			}
		})
	}
}

func TestSplitYAML(t *testing.T) {
	in := "apiVersion: v1\nkind: Secret\nmetadata:\n  namespace: x\n  name: creds\n---\n# comment only\n---\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: repositories.repo.github.crossplane.io\nspec:\n  names:\n    name: nope\n"
	got := splitYAML([]byte(in))
	if len(got) != 2 || got[0].Name != "creds" || got[1].Kind != "CustomResourceDefinition" || got[1].Name != "repositories.repo.github.crossplane.io" {
		t.Errorf("splitYAML: got %+v", got)
	}
}
