package transport

import (
	"bytes"
	"compress/flate"
	"io"
	"sync"
)

// Cached answers are kept deflated: a repository's JSON, mostly URLs that
// repeat its name, shrinks several-fold (to under a fifth in the tests;
// what raw answers cost: docs/performance.md).

// One compressor serves the process: its state is some 700 KB, and
// answers are stored far less often than they are read (on a first or a
// full read), so a burst of stores queues briefly rather than allocating a
// compressor each.
var (
	deflaterMu sync.Mutex
	deflater   *flate.Writer
	inflaters  sync.Pool // of io.ReadCloser that is a flate.Resetter
)

// deflate compresses b.
func deflate(b []byte) []byte {
	var out bytes.Buffer
	deflaterMu.Lock()
	defer deflaterMu.Unlock()
	if deflater == nil {
		deflater, _ = flate.NewWriter(&out, flate.DefaultCompression)
	} else {
		deflater.Reset(&out)
	}
	_, _ = deflater.Write(b) // writes to a bytes.Buffer do not fail
	_ = deflater.Close()
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
