package github

import (
	"context"
	"io"
	"net/http"
	"reflect"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestDecodedAnswersAreKeptAndCopied(t *testing.T) {
	ctx := context.Background()
	r, emu := frozen(t)
	first, err := r.Get(ctx, "demo-org", "seeded")
	if err != nil {
		t.Fatal(err)
	}
	from := len(emu.Requests())
	second, err := r.Get(ctx, "demo-org", "seeded")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"GET /repos/{owner}/{repo} 304"}, statuses(emu, from)); diff != "" {
		t.Errorf("answers of the second read: -want, +got:\n%s", diff)
	}
	if diff := cmp.Diff(first, second); diff != "" {
		t.Errorf("the kept decoded answer differs from the one decoded: -first, +second:\n%s", diff)
	}
	// A caller changing what it got does not change what the next one gets.
	*second.Description = "changed by a caller"
	second.Topics = append(second.Topics, "x")
	third, err := r.Get(ctx, "demo-org", "seeded")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(first, third); diff != "" {
		t.Errorf("a caller's change leaked into the cache: -want, +got:\n%s", diff)
	}
	// A write drops the kept answer with the rest; GitHub's answer to an
	// edit, the repository, is the next read's, without a request.
	if _, err := r.Edit(ctx, "demo-org", "seeded", &RepositoryRequest{Description: ptrTo("edited")}); err != nil {
		t.Fatal(err)
	}
	from = len(emu.Requests())
	fourth, err := r.Get(ctx, "demo-org", "seeded")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string(nil), statuses(emu, from)); diff != "" {
		t.Errorf("answers of the read after an edit: -want, +got:\n%s", diff)
	}
	if got := derefString(fourth.Description); got != "edited" {
		t.Errorf("description after the write: got %q, want %q", got, "edited")
	}
}

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
	get := func(slot *decodedSlot) string {
		req, _ := http.NewRequest(http.MethodGet, "https://api.github.com/repos/o/r", nil)
		if slot != nil {
			req = req.WithContext(withDecodedSlot(req.Context(), slot))
		}
		resp, err := c.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	typ := reflect.TypeFor[*Repository]()
	s := &decodedSlot{typ: typ}
	get(s)
	s.Keep(&Repository{Name: "r"})
	// The same kind of caller gets the decoded value on a 304.
	s2 := &decodedSlot{typ: typ}
	get(s2)
	if v, ok := s2.value.(*Repository); !ok || v.Name != "r" {
		t.Errorf("value handed on a 304: got %#v, want the kept *Repository", s2.value)
	}
	// Callers that need the body, or another type, read afresh.
	if got := get(nil); got != `{"name":"r"}` {
		t.Errorf("body for a caller without a decoded value: got %q", got)
	}
	if diff := cmp.Diff([]bool{false, true, false}, conditional); diff != "" {
		t.Errorf("requests sent conditionally: -want, +got:\n%s", diff)
	}
}

func TestRepositoryCloneSharesNothing(t *testing.T) {
	r := &Repository{}
	fill(reflect.ValueOf(r).Elem())
	c := r.clone()
	if diff := cmp.Diff(r, c); diff != "" {
		t.Fatalf("clone differs: -want, +got:\n%s", diff)
	}
	if path, shared := sharesMemory(reflect.ValueOf(r).Elem(), reflect.ValueOf(c).Elem(), "Repository"); shared {
		t.Errorf("clone shares %s with the original", path)
	}
}

// fill sets every field reachable from v to a non-zero value.
func fill(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem())
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[time.Time]() {
			v.Set(reflect.ValueOf(time.Unix(1700000000, 0).UTC()))
			return
		}
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i))
			}
		}
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		for i := 0; i < 2; i++ {
			fill(v.Index(i))
		}
	case reflect.String:
		v.SetString("s")
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int64:
		v.SetInt(7)
	}
}

// sharesMemory tells whether a and b point at the same memory anywhere.
func sharesMemory(a, b reflect.Value, path string) (string, bool) {
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() {
			return "", false
		}
		if a.Pointer() == b.Pointer() {
			return path, true
		}
		return sharesMemory(a.Elem(), b.Elem(), path)
	case reflect.Slice:
		if a.Len() > 0 && a.Pointer() == b.Pointer() {
			return path, true
		}
		for i := 0; i < a.Len(); i++ {
			if p, ok := sharesMemory(a.Index(i), b.Index(i), path); ok {
				return p, true
			}
		}
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if p, ok := sharesMemory(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name); ok {
				return p, true
			}
		}
	}
	return "", false
}
