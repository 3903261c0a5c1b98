package lazylog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime"
	"testing"

	"github.com/go-logr/logr"
	"github.com/go-logr/zapr"
	"github.com/google/go-cmp/cmp"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// recorder is a LogSink that counts the values it was given.
type recorder struct {
	withValues *int
	lines      *[]string
}

func (recorder) Init(logr.RuntimeInfo)  {}
func (recorder) Enabled(level int) bool { return level == 0 }
func (r recorder) Info(_ int, msg string, _ ...any) {
	*r.lines = append(*r.lines, msg)
}
func (r recorder) Error(_ error, msg string, _ ...any) { *r.lines = append(*r.lines, msg) }
func (r recorder) WithValues(...any) logr.LogSink {
	*r.withValues++
	return r
}
func (r recorder) WithName(string) logr.LogSink { return r }

func TestValuesDeferredUntilALineIsLogged(t *testing.T) {
	n, lines := 0, []string{}
	l := New(logr.New(recorder{withValues: &n, lines: &lines}))
	r := l.WithValues("request", "team/api").WithValues("reconcileID", "1")
	r.V(1).Info("debug: not written")
	if n != 0 {
		t.Fatalf("values handed to the sink before any line was written: %d times, want 0", n)
	}
	r.Info("written")
	r.Error(nil, "failed")
	if n != 2 || len(lines) != 2 {
		t.Errorf("after two written lines: values handed %d times, lines %v; want 2 and 2", n, lines)
	}
}

func TestLinesCarryTheirValuesInOrder(t *testing.T) {
	var buf bytes.Buffer
	enc := zapcore.NewJSONEncoder(zapcore.EncoderConfig{MessageKey: "msg", NameKey: "logger", CallerKey: "caller", EncodeCaller: zapcore.ShortCallerEncoder})
	zl := zap.New(zapcore.NewCore(enc, zapcore.AddSync(&buf), zapcore.InfoLevel), zap.AddCaller())
	l := New(zapr.NewLogger(zl)).WithName("provider")

	base := l.WithValues("controller", "repository")
	a := base.WithValues("request", "team/a")
	b := base.WithValues("request", "team/b") // must not see a's values
	_, _, line, _ := runtime.Caller(0)
	a.WithName("external").Info("observed", "id", 1) // line+1
	b.Info("created")                                // line+2
	l.V(1).Info("hidden")

	var got []map[string]any
	for _, line := range bytes.Split(bytes.TrimSpace(buf.Bytes()), []byte("\n")) {
		m := map[string]any{}
		if err := json.Unmarshal(line, &m); err != nil {
			t.Fatalf("line %q: %v", line, err)
		}
		got = append(got, m)
	}
	want := []map[string]any{
		{"logger": "provider.external", "msg": "observed", "controller": "repository", "request": "team/a", "id": float64(1), "caller": fmt.Sprintf("lazylog/lazylog_test.go:%d", line+1)},
		{"logger": "provider", "msg": "created", "controller": "repository", "request": "team/b", "caller": fmt.Sprintf("lazylog/lazylog_test.go:%d", line+2)},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("lines written: -want, +got:\n%s", diff)
	}
}
