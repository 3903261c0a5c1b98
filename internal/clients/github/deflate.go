package github

import (
	"bytes"
	"compress/flate"
	"io"
	"sync"
)

// Cached answers are kept deflated: a repository's JSON, mostly URLs that
// repeat its name, shrinks about fivefold, and the cache of a credential
// with 1,000 repositories is most of the provider's own heap. Inflating
// one on a 304 costs a few microseconds.

var (
	deflaters sync.Pool // of *flate.Writer
	inflaters sync.Pool // of io.ReadCloser that is a flate.Resetter
)

// deflate compresses b.
func deflate(b []byte) []byte {
	var out bytes.Buffer
	w, _ := deflaters.Get().(*flate.Writer)
	if w == nil {
		w, _ = flate.NewWriter(&out, flate.DefaultCompression)
	} else {
		w.Reset(&out)
	}
	_, _ = w.Write(b) // writes to a bytes.Buffer do not fail
	_ = w.Close()
	deflaters.Put(w)
	return bytes.Clone(out.Bytes())
}

// inflate decompresses z, which deflate made of size bytes.
func inflate(z []byte, size int) ([]byte, error) {
	src := bytes.NewReader(z)
	r, _ := inflaters.Get().(io.ReadCloser)
	if r == nil {
		r = flate.NewReader(src)
	} else if err := r.(flate.Resetter).Reset(src, nil); err != nil {
		return nil, err
	}
	defer inflaters.Put(r)
	out := make([]byte, size)
	if _, err := io.ReadFull(r, out); err != nil {
		return nil, err
	}
	return out, nil
}
