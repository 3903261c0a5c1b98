package transport

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestConditionalCacheKeepsWrittenObject(t *testing.T) {
	const (
		repo    = `{"id":1,"name":"r","url":"https://api.github.com/repos/o/r"}`
		fetched = `{"id":1,"name":"r","url":"https://api.github.com/repos/o/r","fetched":true}`
	)
	type write struct {
		method, url string
		status      int
		body        string
		etag        string
	}
	cases := map[string]struct {
		reason string
		write  write
		after  time.Duration // from the write to the read
		// sent are the requests that went out for the read of
		// https://api.github.com/repos/o/r after the write, with their
		// If-None-Match.
		sent []string
		body string // what the read got
	}{
		"CreatedThenRead": {
			reason: "The observation right after a create is served from GitHub's answer to the create, without a request.",
			write:  write{method: http.MethodPost, url: "https://api.github.com/orgs/o/repos", status: http.StatusCreated, body: repo},
			after:  writtenFreshFor - time.Second,
			body:   repo,
		},
		"EditedThenRead": {
			reason: "The same after an edit: GitHub answers it with the repository.",
			write:  write{method: http.MethodPatch, url: "https://api.github.com/repos/o/r", status: http.StatusOK, body: repo},
			after:  time.Second,
			body:   repo,
		},
		"NoLongerFresh": {
			reason: "Once the moment has passed, an answer to a write without a validator is of no use: the read is unconditional.",
			write:  write{method: http.MethodPost, url: "https://api.github.com/orgs/o/repos", status: http.StatusCreated, body: repo},
			after:  writtenFreshFor,
			sent:   []string{"GET /repos/o/r "},
			body:   fetched,
		},
		"NoLongerFreshWithValidator": {
			reason: "An answer to a write that carried an ETag is revalidated with it once no longer fresh.",
			write:  write{method: http.MethodPost, url: "https://api.github.com/orgs/o/repos", status: http.StatusCreated, body: repo, etag: `"w"`},
			after:  writtenFreshFor,
			sent:   []string{`GET /repos/o/r "w"`},
			body:   fetched,
		},
		"WriteReturnsNothingDeclared": {
			reason: "A write whose route returns no object (topics) keeps nothing, and drops the repository's answers.",
			write:  write{method: http.MethodPut, url: "https://api.github.com/repos/o/r/topics", status: http.StatusOK, body: repo},
			after:  time.Second,
			sent:   []string{"GET /repos/o/r "},
			body:   fetched,
		},
		"RefusedWrite": {
			reason: "A refused write keeps nothing.",
			write:  write{method: http.MethodPost, url: "https://api.github.com/orgs/o/repos", status: http.StatusUnprocessableEntity, body: `{"message":"name already exists","url":"https://api.github.com/repos/o/r"}`},
			after:  time.Second,
			sent:   []string{"GET /repos/o/r "},
			body:   fetched,
		},
		"URLOfAnotherRoute": {
			reason: "An answer whose url is not the GET the route returns is not kept as it.",
			write:  write{method: http.MethodPost, url: "https://api.github.com/orgs/o/repos", status: http.StatusCreated, body: `{"url":"https://api.github.com/repos/o/r/hooks/1"}`},
			after:  time.Second,
			sent:   []string{"GET /repos/o/r "},
			body:   fetched,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			var sent []string
			tr := &fakeTransport{MockRoundTrip: func(r *http.Request) (*http.Response, error) {
				if r.Method != http.MethodGet {
					return response(tc.write.status, map[string]string{"ETag": tc.write.etag}, tc.write.body), nil
				}
				sent = append(sent, r.Method+" "+r.URL.Path+" "+r.Header.Get("If-None-Match"))
				return response(http.StatusOK, map[string]string{"ETag": `"2"`}, fetched), nil
			}}
			now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
			c := newConditionalCache(tr, nil, nil, 0, 0)
			c.now = func() time.Time { return now }
			do := func(method, url string) string {
				req, _ := http.NewRequestWithContext(context.Background(), method, url, strings.NewReader("{}"))
				req.Header.Set("Accept", DefaultAccept)
				resp, err := c.RoundTrip(req)
				if err != nil {
					t.Fatal(err)
				}
				b, _ := io.ReadAll(resp.Body)
				return string(b)
			}
			if got := do(tc.write.method, tc.write.url); got != tc.write.body {
				t.Errorf("\n%s\nthe writer got %q, want GitHub's answer %q", tc.reason, got, tc.write.body)
			}
			now = now.Add(tc.after)
			if got := do(http.MethodGet, "https://api.github.com/repos/o/r"); got != tc.body {
				t.Errorf("\n%s\nthe read got %q, want %q", tc.reason, got, tc.body)
			}
			if diff := cmp.Diff(tc.sent, sent); diff != "" {
				t.Errorf("\n%s\nrequests sent for the read: -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestWrittenFreshness(t *testing.T) {
	cases := map[string]struct {
		poll, want time.Duration
	}{
		"DefaultPoll": {poll: time.Minute, want: time.Minute},
		"LongPoll":    {poll: 10 * time.Minute, want: time.Minute},
		"ShortPoll":   {poll: 10 * time.Second, want: 10 * time.Second},
		"NoPollKnown": {poll: 0, want: writtenFreshFor},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := writtenFreshness(tc.poll); got != tc.want {
				t.Errorf("writtenFreshness(%s): got %s, want %s (never more than the poll, so the poll after the first observation asks GitHub)", tc.poll, got, tc.want)
			}
		})
	}
}
