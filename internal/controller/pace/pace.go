// Package pace sets the provider's reconcile rate from its work when no
// --max-reconcile-rate is given.
//
// A fixed rate is either too low for a large organisation or needlessly
// high for a small one: 1,000 Repositories polled every minute need about
// 17 reconciles a second, 5,000 resources of five kinds about 83, while a
// provider with a dozen resources needs well under one. GitHub is not what
// the rate protects (each credential has its own limiter, which keeps to
// GitHub's rate limits and its calls and writes in flight, and most polls
// are conditional reads GitHub answers 304 free of charge); the API server
// and the provider's own CPU are. So the rate follows the number of managed
// resources the provider watches: room for every resource to be polled
// three times per poll interval (creates, updates, deletes and the wake-ups
// of resources waiting for a reference take the rest), never below
// MinRate, never above MaxRate.
package pace

import (
	"context"
	"math"
	"sync"
	"time"

	"golang.org/x/time/rate"
	"k8s.io/client-go/util/flowcontrol"
)

const (
	// MinRate is the rate of a provider with few resources: room for a
	// burst. A resource takes two reconciles to be created and Ready, so
	// at crossplane-runtime's default of 10 a hundred resources applied
	// together wait 20 seconds for the rate alone (24 s measured, against
	// 4 s at 50). A rate is a cap, not work: an idle provider does no more
	// at 50 than at 10, and each failing resource is held back by its own
	// exponential backoff whatever the rate.
	MinRate = 50
	// MaxRate caps the derived rate: 200 reconciles a second carry 4,000
	// resources at a 1-minute poll within a third of the rate, and more
	// than twice the 5,000 resources of five kinds' polls.
	MaxRate = 200
	// Workers is the number of reconciles in flight when the rate is
	// derived. A reconcile mostly waits for one GitHub round trip and an
	// API server write: 50 in flight carry MaxRate at 250 ms a reconcile.
	// GitHub sees no more than each credential's limiter lets through.
	Workers = 50
	// polls is how many times per poll interval the rate could poll every
	// resource.
	polls = 3
	// burstSeconds is the rate's burst, in seconds of the rate, as
	// crossplane-runtime's global rate limiter has it.
	burstSeconds = 10
	// restPerReconcile is the API server requests a second allowed per
	// reconcile a second, as crossplane-runtime derives them.
	restPerReconcile = 5
)

// Rate is the reconcile rate for resources managed resources polled every poll.
func Rate(resources int, poll time.Duration) int {
	if poll <= 0 {
		poll = time.Minute
	}
	r := int(math.Ceil(float64(polls*resources) / poll.Seconds()))
	return min(max(r, MinRate), MaxRate)
}

// A Pace is the provider-wide reconcile rate limiter whose rate follows
// the number of managed resources (see Rate). Its REST limiter keeps the
// provider's API server requests at restPerReconcile per reconcile.
type Pace struct {
	poll       time.Duration
	reconciles *rate.Limiter
	rest       *rate.Limiter

	mu        sync.Mutex
	resources int
	rate      int
}

// New returns a Pace for resources polled every poll, at MinRate until
// resources are counted.
func New(poll time.Duration) *Pace {
	p := &Pace{poll: poll, rate: MinRate,
		reconciles: rate.NewLimiter(rate.Limit(MinRate), MinRate*burstSeconds),
		rest:       rate.NewLimiter(rate.Limit(MinRate*restPerReconcile), MinRate*burstSeconds*restPerReconcile)}
	return p
}

// Count adds delta (+1 for a resource that appeared, -1 for one that
// went) to the managed resources and sets the rate for them.
func (p *Pace) Count(delta int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.resources = max(p.resources+delta, 0)
	r := Rate(p.resources, p.poll)
	if r == p.rate {
		return
	}
	p.rate = r
	p.reconciles.SetLimit(rate.Limit(r))
	p.reconciles.SetBurst(r * burstSeconds)
	p.rest.SetLimit(rate.Limit(r * restPerReconcile))
	p.rest.SetBurst(r * burstSeconds * restPerReconcile)
}

// Rate is the reconciles a second allowed now.
func (p *Pace) Rate() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.rate
}

// When is how long the reconcile of item must wait (crossplane-runtime's
// ratelimiter.RateLimiter).
func (p *Pace) When(string) time.Duration { return p.reconciles.Reserve().Delay() }

// Forget does nothing: the rate is not per item.
func (p *Pace) Forget(string) {}

// NumRequeues is 0: the rate is not per item.
func (p *Pace) NumRequeues(string) int { return 0 }

// REST is the API server client rate limiter that goes with the rate.
func (p *Pace) REST() flowcontrol.RateLimiter { return restLimiter{p.rest} }

type restLimiter struct{ l *rate.Limiter }

func (r restLimiter) TryAccept() bool                { return r.l.Allow() }
func (r restLimiter) Stop()                          {}
func (r restLimiter) QPS() float32                   { return float32(r.l.Limit()) }
func (r restLimiter) Accept()                        { _ = r.l.Wait(context.Background()) }
func (r restLimiter) Wait(ctx context.Context) error { return r.l.Wait(ctx) }
