package github

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/crossplane-github/provider-github/internal/clients/transport"
	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

// contentsAreas are a repository and its contents.
type contentsAreas struct {
	*ReposClient
	*ContentsClient
}

// contentsFor starts a contract-checked emulator with repoSeed and returns
// our contents API on it for demo-token.
func contentsFor(t *testing.T) *contentsAreas {
	t.Helper()
	srv, _ := emulatortest.NewServer(t, emulator.Options{Seed: repoSeed()})
	gh, err := transport.NewClient(transport.Config{Credentials: transport.Credentials{Token: "demo-token"}, BaseURL: srv.URL}, testOptionsURL(srv.Client().Transport))
	if err != nil {
		t.Fatalf("NewClient(...): %v", err)
	}
	return &contentsAreas{NewReposClient(gh), NewContentsClient(gh)}
}

// The client's requests and answers are GitHub's: a file in a directory is
// created on a branch, read back by its blob sha, replaced with that sha,
// refused with another one, and deleted; GitHub's errors come back with
// their status.
func TestContentsLifecycle(t *testing.T) {
	ctx := context.Background()
	c := contentsFor(t)
	const path = "config/app settings.yaml"
	content := []byte("a: 1\r\nb: \x00\xff\n")
	const blob = "5bc4e72fb1f530f5cac58d87affc5cc2764c5a65" // git hash-object of content

	put, err := c.PutFile(ctx, "demo-org", "seeded", path, &FileWrite{Message: "Create " + path, Content: content, Branch: "dev",
		Committer: &FileCommitter{Name: "Bot", Email: "bot@example.com"}})
	if err != nil {
		t.Fatalf("PutFile(create): %v", err)
	}
	if put.Content == nil || put.Content.SHA != blob || put.Commit.SHA == "" {
		t.Fatalf("PutFile(create) = %+v, want the file's blob %s and a commit", put, blob)
	}
	got, err := c.GetFile(ctx, "demo-org", "seeded", path, "dev")
	if err != nil {
		t.Fatalf("GetFile(dev): %v", err)
	}
	if got.SHA != blob || got.Type != "file" || got.Size != int64(len(content)) || got.Path != path {
		t.Errorf("GetFile(dev) = %+v, want file %s of %d bytes with blob %s", got, path, len(content), blob)
	}
	if _, err := c.GetFile(ctx, "demo-org", "seeded", path, ""); !IsNotFound(err) {
		t.Errorf("GetFile(default branch): %v, want a 404: the file is on dev only", err)
	}
	if _, err := c.GetFile(ctx, "demo-org", "seeded", path, "nope"); !IsNotFound(err) {
		t.Errorf("GetFile(unknown ref): %v, want a 404", err)
	}

	_, err = c.PutFile(ctx, "demo-org", "seeded", path, &FileWrite{Message: "again", Content: []byte("x"), Branch: "dev"})
	if !IsUnprocessable(err) {
		t.Errorf("PutFile(no sha over an existing file): %v, want a 422", err)
	}
	_, err = c.PutFile(ctx, "demo-org", "seeded", path, &FileWrite{Message: "stale", Content: []byte("x"), Branch: "dev", SHA: "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"})
	if StatusCode(err) != http.StatusConflict {
		t.Errorf("PutFile(stale sha): %v, want a 409", err)
	}
	_, err = c.PutFile(ctx, "demo-org", "seeded", path, &FileWrite{Message: "x", Content: []byte("x"), Branch: "nope"})
	if !IsNotFound(err) || !HasMessage(err, "Branch nope not found") {
		t.Errorf("PutFile(unknown branch): %v, want GitHub's 404 Branch nope not found", err)
	}

	updated, err := c.PutFile(ctx, "demo-org", "seeded", path, &FileWrite{Message: "Update", Content: []byte{}, Branch: "dev", SHA: blob})
	if err != nil {
		t.Fatalf("PutFile(replace with an empty file): %v", err)
	}
	const empty = "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"
	if updated.Content == nil || updated.Content.SHA != empty {
		t.Errorf("PutFile(replace) = %+v, want the empty blob %s", updated.Content, empty)
	}

	if _, err := c.DeleteFile(ctx, "demo-org", "seeded", path, &FileWrite{Message: "Delete", SHA: blob, Branch: "dev"}); StatusCode(err) != http.StatusConflict {
		t.Errorf("DeleteFile(stale sha): %v, want a 409", err)
	}
	del, err := c.DeleteFile(ctx, "demo-org", "seeded", path, &FileWrite{Message: "Delete " + path, SHA: empty, Branch: "dev"})
	if err != nil || del.Content != nil || del.Commit.SHA == "" {
		t.Fatalf("DeleteFile(...) = %+v, %v: want a commit and no file", del, err)
	}
	if _, err := c.GetFile(ctx, "demo-org", "seeded", path, "dev"); !IsNotFound(err) {
		t.Errorf("GetFile(after the delete): %v, want a 404", err)
	}
	if _, err := c.DeleteFile(ctx, "demo-org", "seeded", path, &FileWrite{Message: "again", SHA: empty, Branch: "dev"}); !IsNotFound(err) {
		t.Errorf("DeleteFile(gone): %v, want a 404", err)
	}
}

func TestIsBranchMoved(t *testing.T) {
	conflict := &http.Response{StatusCode: http.StatusConflict, Request: &http.Request{Method: http.MethodPut}}
	unprocessable := &http.Response{StatusCode: http.StatusUnprocessableEntity, Request: &http.Request{Method: http.MethodPut}}
	cases := map[string]struct {
		reason string
		err    error
		want   bool
	}{
		"Moved":      {"Another commit landed on the branch meanwhile.", Explain(errorResponse(conflict, "is at 30e15e8485d2808d7f9cdf27cecbb145252e1427 but expected 46affa9e9f78ca99714ed0e12a9c44e94e1e9055")), true},
		"StaleSHA":   {"The file is not the one the write named: not a moved branch.", Explain(errorResponse(conflict, "docs/a.txt does not match 46affa9e9f78ca99714ed0e12a9c44e94e1e9055")), false},
		"RuleFailed": {"A 409 of a rule is no moved branch.", Explain(errorResponse(conflict, "Could not update file: Required status check \"manifests\" is expected.")), false},
		"Not409":     {"Only GitHub's 409 says so.", Explain(errorResponse(unprocessable, "is at a but expected b")), false},
		"NotGitHubs": {"An error that is no GitHub answer says nothing.", errors.New("is at a but expected b"), false},
		"Nil":        {"No error says nothing.", nil, false},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := IsBranchMoved(tc.err); got != tc.want {
				t.Errorf("\n%s\nIsBranchMoved(%v): got %t, want %t", tc.reason, tc.err, got, tc.want)
			}
		})
	}
}

// Two files written to one branch at the same moment: GitHub (the
// emulator, by default) lands one and refuses the other with its 409,
// which IsBranchMoved recognises as the client receives it.
func TestContentsWritesAtOnce(t *testing.T) {
	ctx := context.Background()
	c := contentsFor(t)
	errs := make([]error, 2)
	var wg sync.WaitGroup
	for i, path := range []string{"a.txt", "b.txt"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = c.PutFile(ctx, "demo-org", "seeded", path, &FileWrite{Message: "Create " + path, Content: []byte(path), Branch: "main"})
		}()
		time.Sleep(20 * time.Millisecond)
	}
	wg.Wait()
	if errs[0] != nil || !IsBranchMoved(errs[1]) {
		t.Errorf("two writes at once: got %v and %v, want the first landed and the second refused because the branch moved", errs[0], errs[1])
	}
}
