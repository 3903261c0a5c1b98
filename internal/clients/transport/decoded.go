package transport

import (
	"context"
	"reflect"
)

// Decoded answers. Most reads of a repository are answered 304 and would
// be inflated from the cache and decoded from JSON again, to the same
// value, every poll (what that cost: docs/performance.md). A caller that
// decodes an answer can hand the decoded value to the cache, which then
// keeps it instead of the body and gives it back on a 304. The value lives
// and dies with the cached answer (a write to the repository drops both),
// and is never handed out to be changed: callers get copies.

// A DecodedSlot travels with a GET in its context (WithDecodedSlot): the
// caller that decodes the answer hands the cache its decoded value (Keep),
// and on a 304 finds the value it kept last time (Decoded) instead of a body
// to decode.
type DecodedSlot struct {
	typ reflect.Type // of the value the caller decodes into

	// Set by the cache.
	value any         // the decoded value of a 304's cached answer
	keep  func(v any) // keeps v as the decoded form of this answer
}

// NewDecodedSlot is the slot of a caller that decodes answers into a T.
func NewDecodedSlot[T any]() *DecodedSlot { return &DecodedSlot{typ: reflect.TypeFor[T]()} }

type decodedSlotKey struct{}

// WithDecodedSlot returns a context whose GET carries s.
func WithDecodedSlot(ctx context.Context, s *DecodedSlot) context.Context {
	return context.WithValue(ctx, decodedSlotKey{}, s)
}

func decodedSlotFrom(ctx context.Context) *DecodedSlot {
	s, _ := ctx.Value(decodedSlotKey{}).(*DecodedSlot)
	return s
}

// Decoded is the value the caller kept (see Keep) for the cached answer
// that GitHub confirmed, shared with every caller and never to be changed;
// nil when the answer has a body to decode.
func (s *DecodedSlot) Decoded() any { return s.value }

// Keep hands the cache the decoded value of the answer just read.
func (s *DecodedSlot) Keep(v any) {
	if s.keep != nil {
		s.keep(v)
	}
}

// servable tells whether a cached answer can answer a 304 for the caller:
// it has its body, or the caller's decoded value.
func (a *cachedAnswer) servable(s *DecodedSlot) bool {
	return a.deflated != nil || (s != nil && a.decoded != nil && reflect.TypeOf(a.decoded) == s.typ)
}

// setDecoded keeps v as the decoded form of a, if a is still the cached
// answer of key, and drops its body.
func (c *conditionalCache) setDecoded(key string, a *cachedAnswer, v any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.entries[key]
	if !ok || el.Value.(*cachedAnswer) != a {
		return
	}
	c.bytes -= a.size()
	a.decoded, a.deflated = v, nil
	c.bytes += a.size()
	c.metrics.cacheSize(c.lru.Len(), c.bytes)
}
