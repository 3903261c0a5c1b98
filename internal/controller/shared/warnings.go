package shared

import (
	"context"
	"strings"
	"sync"

	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/log"
)

// maxWarnings bounds how many distinct API server warnings are remembered
// so that each is logged once.
const maxWarnings = 256

// crossplaneFinalizers are the finalizers crossplane-runtime puts on managed
// resources and on provider configurations in use (the latter is not
// exported by crossplane-runtime).
var crossplaneFinalizers = []string{managed.FinalizerName, "in-use.crossplane.io"}

// APIWarnings handles the API server's warnings: each is logged once, except
// those about crossplane-runtime's finalizer names. The API server asks for
// finalizer names with a path; those names belong to crossplane-runtime
// (every provider shares them) and renaming them here would leave existing
// resources with a finalizer that an older provider version no longer
// removes. Logged for every resource, that warning reads as trouble where
// there is none.
func APIWarnings() rest.WarningHandlerWithContext {
	return &apiWarnings{seen: map[string]struct{}{}}
}

type apiWarnings struct {
	mu   sync.Mutex
	seen map[string]struct{}
}

func (w *apiWarnings) HandleWarningHeaderWithContext(ctx context.Context, code int, _ string, message string) {
	if code != 299 || message == "" || isFinalizerNameWarning(message) {
		return
	}
	w.mu.Lock()
	_, seen := w.seen[message]
	if !seen && len(w.seen) < maxWarnings {
		w.seen[message] = struct{}{}
	}
	w.mu.Unlock()
	if !seen {
		log.FromContext(ctx).Info("API server warning", "warning", message)
	}
}

func isFinalizerNameWarning(message string) bool {
	if !strings.Contains(message, "finalizer name") {
		return false
	}
	for _, f := range crossplaneFinalizers {
		if strings.Contains(message, `"`+f+`"`) {
			return true
		}
	}
	return false
}
