// Command xpkg builds the provider's runtime image without Docker and looks
// inside Crossplane packages.
//
//	xpkg image   --binary _output/bin/linux_amd64/provider --rootfs cluster/images/provider-github/rootfs \
//	             --tag provider-github:v0.0.0-dev -o _output/provider-github-runtime.tar
//	xpkg inspect _output/xpkg/provider-github.xpkg        # summary; fails if something is missing
//	xpkg extract _output/xpkg/provider-github.xpkg usr/local/bin/provider out/provider
//
// The image is built from scratch with go-containerregistry: one layer for the
// files under --rootfs (passwd, group), one for the CA certificates, one for
// the binary. The result is a `docker save`-style tarball, the format
// `crossplane xpkg build --embed-runtime-image-tarball` reads.
package main

import (
	"archive/tar"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/google/go-containerregistry/pkg/name"
	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/empty"
	"github.com/google/go-containerregistry/pkg/v1/mutate"
	"github.com/google/go-containerregistry/pkg/v1/tarball"
	"github.com/google/go-containerregistry/pkg/v1/types"
)

// The user the provider runs as: distroless' "nonroot".
const (
	uid = 65532
	gid = 65532
	// BinaryPath is where the provider lives in the image.
	BinaryPath = "usr/local/bin/provider"
	// CACertsPath is where Go's crypto/x509 looks first on Linux.
	CACertsPath = "etc/ssl/certs/ca-certificates.crt"
)

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	var err error
	switch os.Args[1] {
	case "image":
		err = imageCmd(os.Args[2:])
	case "inspect":
		err = inspectCmd(os.Args[2:])
	case "extract":
		err = extractCmd(os.Args[2:])
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "xpkg:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: xpkg image --binary FILE --rootfs DIR [--ca-certs FILE] --tag NAME -o FILE | inspect FILE | extract FILE PATH OUT")
	os.Exit(2)
}

func imageCmd(args []string) error {
	fl := flag.NewFlagSet("image", flag.ExitOnError)
	binary := fl.String("binary", "", "The static provider binary (CGO_ENABLED=0, linux).")
	rootfs := fl.String("rootfs", "cluster/images/provider-github/rootfs", "Files copied into the image as they are (etc/passwd, etc/group).")
	caCerts := fl.String("ca-certs", "/etc/ssl/certs/ca-certificates.crt", "The CA bundle to put at /"+CACertsPath+".")
	tag := fl.String("tag", "provider-github:v0.0.0-dev", "The image name recorded in the tarball.")
	arch := fl.String("arch", "amd64", "The binary's architecture.")
	out := fl.String("o", "", "Where to write the image tarball.")
	_ = fl.Parse(args)
	if *binary == "" || *out == "" {
		return errors.New("image needs --binary and -o")
	}
	spec := ImageSpec{Binary: *binary, RootFS: *rootfs, CACerts: *caCerts, Arch: *arch}
	img, err := Build(spec)
	if err != nil {
		return err
	}
	ref, err := name.NewTag(*tag)
	if err != nil {
		return fmt.Errorf("cannot parse --tag: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(*out), 0o755); err != nil {
		return err
	}
	if err := tarball.WriteToFile(*out, ref, img); err != nil {
		return fmt.Errorf("cannot write the image tarball: %w", err)
	}
	d, _ := img.Digest()
	fmt.Printf("runtime image %s (%s) written to %s\n", ref, d, *out)
	return nil
}

// ImageSpec says what goes into the runtime image.
type ImageSpec struct {
	Binary  string
	RootFS  string
	CACerts string
	Arch    string
}

// Build assembles the runtime image: scratch + rootfs + CA certificates +
// binary, run as uid 65532 with the provider as entrypoint.
func Build(s ImageSpec) (v1.Image, error) {
	bin, err := os.ReadFile(s.Binary)
	if err != nil {
		return nil, fmt.Errorf("cannot read the provider binary: %w", err)
	}
	if !isStaticELF(bin) {
		return nil, fmt.Errorf("%s is not a statically linked ELF binary: build it with CGO_ENABLED=0 GOOS=linux", s.Binary)
	}
	cas, err := os.ReadFile(s.CACerts)
	if err != nil {
		return nil, fmt.Errorf("cannot read the CA certificates: %w", err)
	}
	if !bytes.Contains(cas, []byte("BEGIN CERTIFICATE")) {
		return nil, fmt.Errorf("%s holds no PEM certificates", s.CACerts)
	}

	base, err := rootfsLayer(s.RootFS)
	if err != nil {
		return nil, err
	}
	certs, err := layer([]entry{dir("etc/"), dir("etc/ssl/"), dir("etc/ssl/certs/"), file(CACertsPath, 0o644, cas)})
	if err != nil {
		return nil, err
	}
	app, err := layer([]entry{dir("usr/"), dir("usr/local/"), dir("usr/local/bin/"), file(BinaryPath, 0o755, bin)})
	if err != nil {
		return nil, err
	}

	img := mutate.MediaType(empty.Image, types.OCIManifestSchema1)
	img = mutate.ConfigMediaType(img, types.OCIConfigJSON)
	img, err = mutate.AppendLayers(img, base, certs, app)
	if err != nil {
		return nil, err
	}
	cf, err := img.ConfigFile()
	if err != nil {
		return nil, err
	}
	cf = cf.DeepCopy()
	cf.OS = "linux"
	cf.Architecture = s.Arch
	cf.Created = v1.Time{Time: epoch}
	cf.Config.User = fmt.Sprintf("%d", uid)
	cf.Config.Entrypoint = []string{"/" + BinaryPath}
	cf.Config.WorkingDir = "/"
	cf.Config.Env = []string{"PATH=/usr/local/bin", "SSL_CERT_FILE=/" + CACertsPath}
	cf.Config.Labels = map[string]string{
		"org.opencontainers.image.title":  "provider-github",
		"org.opencontainers.image.source": "https://github.com/crossplane-github/provider-github",
	}
	return mutate.ConfigFile(img, cf)
}

// Fixed timestamps keep the image digest a function of its content.
var epoch = time.Unix(0, 0).UTC()

type entry struct {
	hdr  tar.Header
	data []byte
}

func dir(p string) entry {
	return entry{hdr: tar.Header{Typeflag: tar.TypeDir, Name: p, Mode: 0o755, ModTime: epoch}}
}

func file(p string, mode int64, data []byte) entry {
	return entry{hdr: tar.Header{Typeflag: tar.TypeReg, Name: p, Mode: mode, Size: int64(len(data)), ModTime: epoch}, data: data}
}

func layer(entries []entry) (v1.Layer, error) {
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for _, e := range entries {
		h := e.hdr
		h.Format = tar.FormatPAX
		if err := tw.WriteHeader(&h); err != nil {
			return nil, err
		}
		if _, err := tw.Write(e.data); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	b := buf.Bytes()
	return tarball.LayerFromOpener(func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(b)), nil },
		tarball.WithMediaType(types.OCILayer))
}

// rootfsLayer copies the files under dir (owned by root, modes kept), plus an
// empty home and /tmp for the non-root user.
func rootfsLayer(root string) (v1.Layer, error) {
	var entries []entry
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == root {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(p, root+string(filepath.Separator)))
		if d.IsDir() {
			entries = append(entries, dir(rel+"/"))
			return nil
		}
		if !d.Type().IsRegular() {
			return fmt.Errorf("%s: only regular files and folders go into the image", p)
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		entries = append(entries, file(rel, int64(info.Mode().Perm()), data))
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("cannot read --rootfs: %w", err)
	}
	home := dir("home/nonroot/")
	home.hdr.Uid, home.hdr.Gid, home.hdr.Mode = uid, gid, 0o700
	tmp := dir("tmp/")
	tmp.hdr.Mode = 0o1777
	entries = append(entries, dir("home/"), home, tmp)
	sort.SliceStable(entries, func(i, j int) bool { return entries[i].hdr.Name < entries[j].hdr.Name })
	return layer(entries)
}

// isStaticELF reports whether b is an ELF executable without a program
// interpreter (PT_INTERP), i.e. one that runs on a scratch image.
func isStaticELF(b []byte) bool {
	if len(b) < 64 || string(b[:4]) != "\x7fELF" || b[4] != 2 /* 64-bit */ || b[5] != 1 /* little endian */ {
		return false
	}
	le := func(off, n int) uint64 {
		var v uint64
		for i := n - 1; i >= 0; i-- {
			v = v<<8 | uint64(b[off+i])
		}
		return v
	}
	phoff, phentsize, phnum := le(32, 8), le(54, 2), le(56, 2)
	for i := uint64(0); i < phnum; i++ {
		off := phoff + i*phentsize
		if off+4 > uint64(len(b)) {
			return false
		}
		if le(int(off), 4) == 3 { // PT_INTERP
			return false
		}
	}
	return true
}
