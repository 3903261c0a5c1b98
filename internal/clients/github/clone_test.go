package github

import (
	"context"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

// TestDecodedAnswersAreKeptAndCopied reads a repository through the cache of
// decoded answers (transport's decoded.go): what is kept is a copy, and so
// is what is handed out.
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

// frozen is an emulator whose clock stands still, so that an out-of-band
// change does not move updated_at (and with it the ETag).
func frozen(t *testing.T) (*repositoryAreas, *emulator.Server) {
	t.Helper()
	now := time.Now()
	srv, emu := emulatortest.NewServer(t, emulator.Options{Seed: repoSeed(), Now: func() time.Time { return now }})
	// Bring updated_at to the frozen now.
	if err := emu.State().SetField("demo-org", "seeded", "description", "seeded repository"); err != nil {
		t.Fatal(err)
	}
	return reposFor(t, srv.URL, "demo-token", testOptionsURL(srv.Client().Transport)), emu
}

// statuses are the answers the emulator gave since request from.
func statuses(emu *emulator.Server, from int) []string {
	var out []string
	for _, r := range emu.Requests()[from:] {
		out = append(out, fmt.Sprintf("%s %d", r.Endpoint, r.Status))
	}
	return out
}

func derefString(s *string) string {
	if s == nil {
		return ""
	}
	return *s
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
