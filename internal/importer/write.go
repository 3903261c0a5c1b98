package importer

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// The files of the output folder besides the resources'.
const (
	markerFile        = ".github-import"
	kustomizationFile = "kustomization.yaml"
	secretsFile       = "secrets-to-create.txt"
)

// resourceFolders hold the resources' files; an import replaces them.
var resourceFolders = []string{"organization", "repositories"}

// Written is what Write did.
type Written struct {
	Files, Changed, Removed int
	// Secrets is the number of Kubernetes Secrets to create (listed in
	// secrets-to-create.txt).
	Secrets int
}

// Write writes res into dir: one file per resource, kustomization.yaml
// listing them, and the Secrets to create. Each file is written whole
// (written aside, then renamed), and one that would not change is left
// as it is. dir must be empty or an earlier import's: the files of that
// import that this one did not read are removed, unless reads failed.
func Write(dir string, res *Result, o Options) (Written, error) {
	var w Written
	if err := claimFolder(dir); err != nil {
		return w, err
	}
	keep := map[string]bool{}
	var files []string
	var secrets []string
	for _, r := range res.Resources {
		body, err := Render(r, o)
		if err != nil {
			return w, err
		}
		f := File(r)
		changed, err := writeFile(filepath.Join(dir, filepath.FromSlash(f)), body)
		if err != nil {
			return w, err
		}
		if changed {
			w.Changed++
		}
		keep[f] = true
		files = append(files, f)
		for _, s := range r.Secrets {
			secrets = append(secrets, fmt.Sprintf("kubectl create secret generic %s --namespace %s --from-literal=%s=...   # %s", s.Name, o.Namespace, s.Key, s.What))
		}
	}
	w.Files, w.Secrets = len(files), len(secrets)
	if len(res.Errors) == 0 {
		removed, err := removeOthers(dir, keep)
		if err != nil {
			return w, err
		}
		w.Removed = removed
	}
	if _, err := writeFile(filepath.Join(dir, kustomizationFile), kustomization(o, files)); err != nil {
		return w, err
	}
	return w, writeSecrets(filepath.Join(dir, secretsFile), o, secrets)
}

// claimFolder makes dir the output folder of imports, unless it holds
// anything else.
func claimFolder(dir string) error {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return fmt.Errorf("cannot read the output folder: %w", err)
	case len(entries) > 0:
		if _, err := os.Stat(filepath.Join(dir, markerFile)); err != nil {
			return fmt.Errorf("the output folder %s holds files github-import did not write: name an empty or new folder (an import replaces what an earlier one wrote there)", dir)
		}
	}
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return fmt.Errorf("cannot make the output folder: %w", err)
	}
	_, err = writeFile(filepath.Join(dir, markerFile), []byte("This folder was written by github-import: another import replaces the files of organization/ and repositories/, kustomization.yaml and secrets-to-create.txt.\n"))
	return err
}

// writeFile writes body to path whole, unless path holds it already, and
// tells whether it wrote.
func writeFile(path string, body []byte) (bool, error) {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, body) {
		return false, nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return false, fmt.Errorf("cannot make the folder of %s: %w", path, err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".writing-*")
	if err != nil {
		return false, fmt.Errorf("cannot write %s: %w", path, err)
	}
	defer func() { _ = os.Remove(tmp.Name()) }() // gone after the rename
	if _, err := tmp.Write(body); err != nil {
		_ = tmp.Close()
		return false, fmt.Errorf("cannot write %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return false, fmt.Errorf("cannot write %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return false, fmt.Errorf("cannot write %s: %w", path, err)
	}
	return true, nil
}

// removeOthers removes the files of the resource folders that keep does
// not name (by slash path), and folders left empty. It works within dir
// (os.Root): a link in the folder cannot lead it elsewhere.
func removeOthers(dir string, keep map[string]bool) (int, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return 0, fmt.Errorf("cannot open the output folder: %w", err)
	}
	defer func() { _ = root.Close() }()
	removed := 0
	for _, folder := range resourceFolders {
		var empty []string
		err := fs.WalkDir(root.FS(), folder, func(p string, d fs.DirEntry, err error) error {
			switch {
			case errors.Is(err, fs.ErrNotExist):
				return nil
			case err != nil:
				return err
			case d.IsDir():
				empty = append(empty, p)
				return nil
			case keep[p]:
				return nil
			}
			removed++
			return root.Remove(p)
		})
		if err != nil {
			return removed, fmt.Errorf("cannot remove the files of an earlier import: %w", err)
		}
		slices.Reverse(empty)
		for _, p := range empty {
			_ = root.Remove(p) // only when empty
		}
	}
	return removed, nil
}

// kustomization lists files (slash paths) for kubectl apply -k.
func kustomization(o Options, files []string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "# Every resource github-import imported from %s: kubectl apply -k .\n", o.Owner)
	b.WriteString("apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:")
	if len(files) == 0 {
		b.WriteString(" []")
	}
	b.WriteString("\n")
	for _, f := range files {
		fmt.Fprintf(&b, "- %s\n", f)
	}
	return []byte(b.String())
}

// writeSecrets writes the list of Secrets to create, or removes an
// earlier one when there are none.
func writeSecrets(path string, o Options, lines []string) error {
	if len(lines) == 0 {
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("cannot remove %s: %w", path, err)
		}
		return nil
	}
	var b strings.Builder
	b.WriteString("# The Kubernetes Secrets the imported resources refer to, for values GitHub never reveals.\n")
	if o.Mode == Observe {
		b.WriteString("# Observed resources never read them: create them before you switch a resource to full management.\n")
	} else {
		b.WriteString("# Create each before you apply: GitHub cannot say whether it holds the same value, so the provider\n")
		b.WriteString("# writes each value to GitHub once, and again whenever its Secret changes.\n")
	}
	for _, l := range lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	_, err := writeFile(path, []byte(b.String()))
	return err
}
