package importer

import (
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// A Meter counts the requests that reach GitHub (304s included) and
// remembers the rate limit GitHub said is left. It is the innermost round
// tripper of the import's client.
type Meter struct {
	Next http.RoundTripper

	requests, writes atomic.Int64
	remaining        atomic.Int64 // -1 until GitHub says
}

// NewMeter counts the requests of next.
func NewMeter(next http.RoundTripper) *Meter {
	m := &Meter{Next: next}
	m.remaining.Store(-1)
	return m
}

// RoundTrip counts req and reads the rate limit of its answer.
func (m *Meter) RoundTrip(req *http.Request) (*http.Response, error) {
	m.requests.Add(1)
	if req.Method != http.MethodGet && req.Method != http.MethodHead {
		m.writes.Add(1)
	}
	resp, err := m.Next.RoundTrip(req)
	if err == nil {
		if n, perr := strconv.ParseInt(resp.Header.Get("X-RateLimit-Remaining"), 10, 64); perr == nil {
			m.remaining.Store(n)
		}
	}
	return resp, err
}

// Requests is the number of requests sent (an import sends no write but a
// GitHub App's token request).
func (m *Meter) Requests() int64 { return m.requests.Load() }

// Writes is the number of requests sent that were not reads.
func (m *Meter) Writes() int64 { return m.writes.Load() }

// Remaining is the rate limit GitHub last said is left; -1 before it said.
func (m *Meter) Remaining() int64 { return m.remaining.Load() }

// A Progress shows how an import goes: one line rewritten in place on a
// terminal, a plain line every few seconds otherwise.
type Progress struct {
	out   io.Writer
	tty   bool
	meter *Meter
	owner string
	start time.Time
	every time.Duration

	mu           sync.Mutex
	total, done  int
	found        int
	lastPlain    time.Time
	wroteInPlace bool
}

// NewProgress shows the progress of the import of owner on out.
func NewProgress(out io.Writer, tty bool, meter *Meter, owner string) *Progress {
	now := time.Now()
	return &Progress{out: out, tty: tty, meter: meter, owner: owner, start: now, lastPlain: now, every: 5 * time.Second}
}

// Repositories is told how many repositories will be read (see Events).
func (p *Progress) Repositories(n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.total = n + 1 // and the organisation's own objects
	p.show(false)
}

// Read is told that one repository was read (see Events).
func (p *Progress) Read(found int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
	p.found += found
	p.show(false)
}

// Done ends the display with a last line.
func (p *Progress) Done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.show(true)
	if p.tty && p.wroteInPlace {
		fmt.Fprintln(p.out)
	}
}

// show writes the line: on a terminal every time, otherwise every few
// seconds and at the end.
func (p *Progress) show(last bool) {
	now := time.Now()
	if !p.tty && !last && now.Sub(p.lastPlain) < p.every {
		return
	}
	p.lastPlain = now
	line := p.line(now)
	if p.tty {
		fmt.Fprintf(p.out, "\r\033[K%s", line)
		p.wroteInPlace = true
		return
	}
	fmt.Fprintln(p.out, line)
}

func (p *Progress) line(now time.Time) string {
	elapsed := now.Sub(p.start)
	s := fmt.Sprintf("%s: %d/%d read, %d objects, %d requests", p.owner, p.done, p.total, p.found, p.meter.Requests())
	if r := p.meter.Remaining(); r >= 0 {
		s += fmt.Sprintf(", rate limit %d left", r)
	}
	if p.done > 0 && p.done < p.total {
		left := time.Duration(float64(elapsed) / float64(p.done) * float64(p.total-p.done))
		s += fmt.Sprintf(", about %s left", left.Round(time.Second))
	} else {
		s += fmt.Sprintf(", %s", elapsed.Round(100*time.Millisecond))
	}
	return s
}

// Silent is the Events of an import that shows no progress (a test's, a
// benchmark's).
type Silent struct{}

// Repositories does nothing.
func (Silent) Repositories(int) {}

// Read does nothing.
func (Silent) Read(int) {}
