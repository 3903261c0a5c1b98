// Package lazylog defers a logger's key/value pairs until a line is logged.
//
// Every reconcile adds its request, object and reconcile id to the logger
// (controller-runtime and crossplane-runtime both do), and zap encodes such
// values at once, as JSON, whether or not a line is ever written. At the
// info level almost no reconcile writes one (what that encoding cost, and
// whether this package stays: docs/performance.md).
package lazylog

import (
	"slices"

	"github.com/go-logr/logr"
)

// New returns l with its WithValues deferred: values are handed to l's sink
// only when a line is logged.
func New(l logr.Logger) logr.Logger {
	next := l.GetSink()
	if next == nil {
		return l
	}
	// next, initialised by its own logger, skips one more frame: this
	// sink's, between the caller and it.
	if cd, ok := next.(logr.CallDepthLogSink); ok {
		next = cd.WithCallDepth(1)
	}
	return logr.New(&sink{next: next})
}

type sink struct {
	next logr.LogSink
	kvs  []any // not yet handed to next
}

// Init does nothing: next was initialised by the logger it came from.
func (s *sink) Init(logr.RuntimeInfo) {}

func (s *sink) Enabled(level int) bool { return s.next.Enabled(level) }

func (s *sink) Info(level int, msg string, kvs ...any) { s.values().Info(level, msg, kvs...) }

func (s *sink) Error(err error, msg string, kvs ...any) { s.values().Error(err, msg, kvs...) }

func (s *sink) WithValues(kvs ...any) logr.LogSink {
	return &sink{next: s.next, kvs: append(slices.Clip(s.kvs), kvs...)}
}

func (s *sink) WithName(name string) logr.LogSink {
	return &sink{next: s.next.WithName(name), kvs: s.kvs}
}

// WithCallDepth implements logr.CallDepthLogSink when next does.
func (s *sink) WithCallDepth(depth int) logr.LogSink {
	if cd, ok := s.next.(logr.CallDepthLogSink); ok {
		return &sink{next: cd.WithCallDepth(depth), kvs: s.kvs}
	}
	return s
}

// values is next with the deferred values.
func (s *sink) values() logr.LogSink {
	if len(s.kvs) == 0 {
		return s.next
	}
	return s.next.WithValues(s.kvs...)
}
