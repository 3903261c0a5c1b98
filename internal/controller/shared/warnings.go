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

// APIWarnings handles the API server's warnings: each is logged once, except
// the one about crossplane-runtime's managed resource finalizer. The API
// server asks for a finalizer name with a path; that name belongs to
// crossplane-runtime (every provider shares it) and renaming it here would
// leave existing resources with a finalizer that an older provider version
// no longer removes. Logged for every resource, that warning would read as
// trouble where there is none.
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
	return strings.Contains(message, `"`+managed.FinalizerName+`"`) && strings.Contains(message, "finalizer name")
}
