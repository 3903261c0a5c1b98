package transport

import (
	"io"
	"net/http"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestDecodedAnswerWithoutBodyIsNotServedToOthers(t *testing.T) {
	var conditional []bool
	tr := &fakeTransport{MockRoundTrip: func(r *http.Request) (*http.Response, error) {
		conditional = append(conditional, r.Header.Get("If-None-Match") != "")
		if r.Header.Get("If-None-Match") != "" {
			return response(http.StatusNotModified, map[string]string{"ETag": `"1"`}, ""), nil
		}
		return response(http.StatusOK, map[string]string{"ETag": `"1"`}, `{"name":"r"}`), nil
	}}
	c := newConditionalCache(tr, nil, nil, 0, 0)
	get := func(slot *DecodedSlot) string {
		req, _ := http.NewRequest(http.MethodGet, "https://api.github.com/repos/o/r", nil)
		if slot != nil {
			req = req.WithContext(WithDecodedSlot(req.Context(), slot))
		}
		resp, err := c.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	s := NewDecodedSlot[*repository]()
	get(s)
	s.Keep(&repository{FullName: "o/r"})
	// The same kind of caller gets the decoded value on a 304.
	s2 := NewDecodedSlot[*repository]()
	get(s2)
	if v, ok := s2.Decoded().(*repository); !ok || v.FullName != "o/r" {
		t.Errorf("value handed on a 304: got %#v, want the kept *repository", s2.Decoded())
	}
	// Callers that need the body, or another type, read afresh.
	if got := get(nil); got != `{"name":"r"}` {
		t.Errorf("body for a caller without a decoded value: got %q", got)
	}
	if diff := cmp.Diff([]bool{false, true, false}, conditional); diff != "" {
		t.Errorf("requests sent conditionally: -want, +got:\n%s", diff)
	}
}
