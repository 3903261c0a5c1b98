package transport

import (
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
)

// value is what a gauge holds.
func value(t *testing.T, g prometheus.Gauge) float64 {
	t.Helper()
	var m dto.Metric
	if err := g.Write(&m); err != nil {
		t.Fatal(err)
	}
	return m.GetGauge().GetValue()
}

// series is how many series a collector has.
func series(c prometheus.Collector) int {
	ch := make(chan prometheus.Metric, 16)
	c.Collect(ch)
	close(ch)
	return len(ch)
}

func TestGaugesFollowChangesAndRelabels(t *testing.T) {
	m := NewMetrics()
	id := &identity{label: "token-abcd"}
	c := &credentialMetrics{m: m, ident: id}

	c.rate(5000, 4999)
	c.plan(10, time.Minute, 600)
	// Unchanged values are not looked up again, but the series keep them.
	c.rate(5000, 4999)
	c.plan(10, time.Minute, 600)
	if got := value(t, m.rateRemaining.WithLabelValues("token-abcd")); got != 4999 {
		t.Errorf("remaining under the provisional label: got %v, want 4999", got)
	}
	c.rate(5000, 4998)
	if got := value(t, m.rateRemaining.WithLabelValues("token-abcd")); got != 4998 {
		t.Errorf("remaining after it changed: got %v, want 4998", got)
	}

	// Once the login is known the old series go, and the same values are
	// recorded under the login.
	id.label = "demo-user"
	c.relabel("token-abcd")
	c.rate(5000, 4998)
	c.plan(10, time.Minute, 600)
	if got := value(t, m.rateRemaining.WithLabelValues("demo-user")); got != 4998 {
		t.Errorf("remaining under the login after relabelling: got %v, want 4998", got)
	}
	if got := value(t, m.repositories.WithLabelValues("demo-user")); got != 10 {
		t.Errorf("planned repositories under the login after relabelling: got %v, want 10", got)
	}
	if got := series(m.rateLimit); got != 1 {
		t.Errorf("rate-limit series after relabelling: got %d, want 1 (the login's)", got)
	}
}
