package transport

import (
	"context"
	"net/http"
	"sync"

	"github.com/google/go-github/v37/github"
)

// Verdicts. An observation that finds a resource up to date was read from
// a few GitHub answers; their validators (ETag, Last-Modified) are enough
// to confirm later, with conditional requests GitHub answers 304 free of
// charge, that nothing it was read from changed, also in a process that
// has none of the answers in memory (a restarted provider). A ReadLog
// records the validators of one observation's reads; ConfirmReads asks
// GitHub about them again.

// A ValidatedRead is one GitHub answer by its validator.
type ValidatedRead struct {
	// Path is the request's path and query (with GitHub Enterprise
	// Server's /api/v3 prefix, if any).
	Path string
	// Accept is the media type asked for; "" for the client's default.
	Accept       string
	ETag         string
	LastModified string
}

// maxLoggedReads bounds what one observation may be confirmed by: an
// observation reading more (long lists) is read afresh every time.
const maxLoggedReads = 8

// A ReadLog records the GitHub reads of one observation. It is safe for
// concurrent use.
type ReadLog struct {
	mu    sync.Mutex
	reads []ValidatedRead
	// unconfirmable: a read had no validator, or was not answered 200 or
	// 304 (a 404, a redirect, an error), or there were too many.
	unconfirmable bool
}

type readLogKey struct{}

// WithReadLog returns a context whose GitHub reads are recorded in l.
func WithReadLog(ctx context.Context, l *ReadLog) context.Context {
	return context.WithValue(ctx, readLogKey{}, l)
}

func readLogFrom(ctx context.Context) *ReadLog {
	l, _ := ctx.Value(readLogKey{}).(*ReadLog)
	return l
}

// Reads returns the reads recorded, and whether all of them can be
// confirmed by their validators: false also when there was none.
func (l *ReadLog) Reads() ([]ValidatedRead, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]ValidatedRead(nil), l.reads...), !l.unconfirmable && len(l.reads) > 0
}

// add records a read of req answered with the validators given.
func (l *ReadLog) add(req *http.Request, etag, lastModified string) {
	if l == nil {
		return
	}
	if etag == "" && lastModified == "" {
		l.fail()
		return
	}
	r := ValidatedRead{Path: req.URL.RequestURI(), ETag: etag, LastModified: lastModified}
	if a := req.Header.Get("Accept"); a != DefaultAccept {
		r.Accept = a
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	for i, seen := range l.reads {
		if seen.Path == r.Path && seen.Accept == r.Accept {
			l.reads[i] = r
			return
		}
	}
	if len(l.reads) == maxLoggedReads {
		l.unconfirmable = true
		return
	}
	l.reads = append(l.reads, r)
}

// fail records a read that cannot be confirmed by a validator.
func (l *ReadLog) fail() {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.unconfirmable = true
}

type confirmingKey struct{}

func confirmingFrom(ctx context.Context) (ValidatedRead, bool) {
	r, ok := ctx.Value(confirmingKey{}).(ValidatedRead)
	return r, ok
}

// ConfirmReads asks GitHub, one conditional request each, whether every
// answer is still the one with the validator recorded: true only when
// GitHub answered 304 Not Modified to all of them (the conditional cache
// says so in a 204, see verdictAnswer). Any other answer (it
// changed, it is gone, an error) is false: the caller reads afresh and
// finds out what. The requests go through the client's conditional cache,
// limiter and full-read planner like any other read: when the planner has
// a full read of the object due, it is made (and answers 200), so a
// verdict never outlives the credential's schedule of full reads. The
// error is a request that could not be made or that GitHub never answered.
func ConfirmReads(ctx context.Context, gh *github.Client, reads []ValidatedRead) (bool, error) {
	if len(reads) == 0 {
		return false, nil
	}
	for _, r := range reads {
		req, err := gh.NewRequest(http.MethodGet, r.Path, nil)
		if err != nil {
			return false, err
		}
		accept := r.Accept
		if accept == "" {
			accept = DefaultAccept
		}
		req.Header.Set("Accept", accept)
		resp, err := gh.Do(context.WithValue(ctx, confirmingKey{}, r), req, nil)
		if resp == nil {
			return false, own(err)
		}
		if resp.Header.Get(verdictHeader) != verdictConfirmed {
			return false, nil
		}
	}
	return true, nil
}
