package emulator

import (
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"strings"
	"time"
)

// nodeID builds a GitHub-style global node id: a type prefix and the
// URL-safe base64 of a MessagePack array [0, id], e.g. "R_kgDOKbc3AQ".
func nodeID(prefix string, id int64) string {
	b := []byte{0x92, 0x00}
	switch {
	case id >= 0 && id <= 0xFFFFFFFF:
		var n [4]byte
		binary.BigEndian.PutUint32(n[:], uint32(id))
		b = append(b, 0xCE)
		b = append(b, n[:]...)
	default:
		var n [8]byte
		binary.BigEndian.PutUint64(n[:], uint64(id))
		b = append(b, 0xCF)
		b = append(b, n[:]...)
	}
	return prefix + "_" + base64.RawURLEncoding.EncodeToString(b)
}

// fakeSHA derives a stable 40-hex-digit object id.
func fakeSHA(kind string, n int64) string {
	return fmt.Sprintf("%08x", uint32(n*2654435761)) + strings.Repeat(fmt.Sprintf("%08x", uint32(len(kind))*0x9e3779b1+uint32(n)), 4)
}

// ts formats a time like GitHub: RFC 3339 in UTC with a Z, whole seconds.
func ts(t time.Time) string { return t.UTC().Truncate(time.Second).Format("2006-01-02T15:04:05Z") }

// ptr returns a pointer to a copy of v.
func ptr[T any](v T) *T { return &v }
