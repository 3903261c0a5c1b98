package emulator

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"golang.org/x/crypto/nacl/box"
)

// secretStoresOf are a repository's secret stores: its Actions secrets
// ("actions"), its Dependabot secrets ("dependabot") and the Actions
// secrets of each deployment environment ("environment/<id>": an
// environment deleted and created again is another store, empty).
var secretStoresOf = subKind[map[string]*secretStore]{name: "secret-stores"}

// Secret stores of a repository.
const (
	storeActions    = "actions"
	storeDependabot = "dependabot"
)

// environmentStore is the store key of an environment's secrets.
func environmentStore(e *environment) string { return "environment/" + strconv.FormatInt(e.ID, 10) }

// Limits GitHub documents for secrets and variables.
const (
	maxSecretValue   = 48 * 1024 // bytes of plaintext
	maxVariableValue = 48 * 1024
	firstSecretKeyID = 568250167242549743
)

// secretNameRE is what GitHub takes as a secret or variable name: letters,
// digits and underscores, not starting with a digit.
var secretNameRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// Best-effort wording of GitHub's refusals of secrets and variables (see
// docs/emulator.md).
const (
	msgSecretName      = "Secret names can only contain alphanumeric characters ([a-z], [A-Z], [0-9]) or underscores (_). Spaces are not allowed. Must start with a letter ([a-z], [A-Z]) or underscores (_)."
	msgSecretPrefix    = "Secret names must not start with GITHUB_."
	msgVariableName    = "Variable names can only contain alphanumeric characters ([a-z], [A-Z], [0-9]) or underscores (_). Spaces are not allowed. Must start with a letter ([a-z], [A-Z]) or underscores (_)."
	msgVariablePrefix  = "Variable names must not start with GITHUB_."
	msgBadKeyID        = "Bad request - key_id is not valid"
	msgBadEncrypted    = "Bad request - encrypted_value is not valid"
	msgSecretTooLarge  = "Secret value is too large: the maximum is 48 KB"
	msgVariableTooLong = "Variable value is too large: the maximum is 48 KB"
	msgVariableExists  = "Already exists - Variable already exists"
)

// nameProblem is why GitHub refuses a secret or variable name ("" when it
// takes it); what is "Secret" or "Variable".
func nameProblem(name, what string) string {
	switch {
	case !secretNameRE.MatchString(name):
		if what == "Variable" {
			return msgVariableName
		}
		return msgSecretName
	case strings.HasPrefix(strings.ToUpper(name), "GITHUB_"):
		if what == "Variable" {
			return msgVariablePrefix
		}
		return msgSecretPrefix
	}
	return ""
}

// secretStore is one store: its key pair and its secrets.
type secretStore struct {
	keyID   string
	public  *[32]byte
	private *[32]byte
	// secrets in creation order; names upper case.
	secrets []*storedSecret
}

// storedSecret is a secret as the emulator keeps it: unlike GitHub, with
// its plaintext, so that tests can tell what arrived.
type storedSecret struct {
	Name      string
	Value     []byte
	CreatedAt time.Time
	UpdatedAt time.Time
	// sharing is an organization's secret's repositories; a repository's
	// secret has none.
	sharing
}

// secretStore is the store key of r, created (with a fresh key pair) when
// it is new.
func (w *world) secretStore(r *Repo, key string) *secretStore {
	stores := secretStoresOf.of(r)
	if *stores == nil {
		*stores = map[string]*secretStore{}
	}
	if s := (*stores)[key]; s != nil {
		return s
	}
	s := &secretStore{}
	w.newSecretKey(s)
	(*stores)[key] = s
	return s
}

// peekSecretStore is the store key of r, nil when it has none yet.
func peekSecretStore(r *Repo, key string) *secretStore {
	if stores := secretStoresOf.peek(r); stores != nil && *stores != nil {
		return (*stores)[key]
	}
	return nil
}

// newSecretKey gives s a new key pair with a new id: GitHub may replace a
// store's key, and then refuses writes sealed with the old one.
func (w *world) newSecretKey(s *secretStore) {
	pub, priv, err := box.GenerateKey(rand.Reader)
	if err != nil {
		panic(fmt.Sprintf("emulator: cannot generate a key pair: %v", err))
	}
	if w.nextSecretKeyID == 0 {
		w.nextSecretKeyID = firstSecretKeyID
	}
	s.keyID = strconv.FormatInt(w.nextSecretKeyID, 10)
	w.nextSecretKeyID++
	s.public, s.private = pub, priv
}

// publicKey is the store's public key as GitHub answers it: base64.
func (s *secretStore) publicKey() string { return base64.StdEncoding.EncodeToString(s.public[:]) }

// open opens a sealed value written with the key keyID.
func (s *secretStore) open(keyID, encrypted string) (value []byte, problem string) {
	if keyID != s.keyID {
		return nil, msgBadKeyID
	}
	raw, err := base64.StdEncoding.DecodeString(encrypted)
	if err != nil {
		return nil, msgBadEncrypted
	}
	out, ok := box.OpenAnonymous(nil, raw, s.public, s.private)
	if !ok {
		return nil, msgBadEncrypted
	}
	return out, ""
}

// secretWrite is a secret write's body as read: its fields, the sealed
// value and key id (nil when not sent) and the path's secret name.
type secretWrite struct {
	fields           *fields
	encrypted, keyID *string
	name             string
}

// readSecretWrite reads the body of a secret write; nil, having answered
// GitHub's 400 or 422, for a body that is no JSON object, fields of the
// wrong type, or a name GitHub refuses.
func readSecretWrite(c *reqCtx) *secretWrite {
	m, ok := c.decode(true)
	if !ok {
		return nil
	}
	f := &fields{c: c, m: m}
	w := &secretWrite{fields: f, encrypted: f.str("encrypted_value"), keyID: f.str("key_id"), name: c.params["secret_name"]}
	if f.failed {
		return nil
	}
	if msg := nameProblem(w.name, "Secret"); msg != "" {
		c.invalid(msg)
		return nil
	}
	return w
}

// receive opens a value written sealed with the key keyID, answering
// GitHub's 422 for a key or seal it cannot open and a value over 48 KB.
func (s *secretStore) receive(c *reqCtx, keyID, encrypted string) ([]byte, bool) {
	value, problem := s.open(keyID, encrypted)
	switch {
	case problem != "":
		c.invalid(problem)
		return nil, false
	case len(value) > maxSecretValue:
		c.invalid(msgSecretTooLarge)
		return nil, false
	}
	return value, true
}

// byName finds a secret; GitHub compares names without regard to case.
func (s *secretStore) byName(name string) *storedSecret {
	if s == nil {
		return nil
	}
	for _, x := range s.secrets {
		if strings.EqualFold(x.Name, name) {
			return x
		}
	}
	return nil
}

// remove deletes a secret of the store.
func (s *secretStore) remove(old *storedSecret) {
	for i, x := range s.secrets {
		if x == old {
			s.secrets = append(s.secrets[:i:i], s.secrets[i+1:]...)
			return
		}
	}
}

// SecretValue returns the plaintext of a secret, which GitHub's API never
// shows: for tests that must tell which value arrived. store is
// "actions", "dependabot" or "environments/<name>".
func (st *State) SecretValue(owner, repo, store, name string) (value string, updatedAt time.Time, ok bool) {
	st.mu.RLock()
	defer st.mu.RUnlock()
	r := st.w.repoByName(owner, repo)
	if r == nil {
		return "", time.Time{}, false
	}
	key, ok := storeKeyOf(r, store)
	if !ok {
		return "", time.Time{}, false
	}
	x := peekSecretStore(r, key).byName(name)
	if x == nil {
		return "", time.Time{}, false
	}
	return string(x.Value), x.UpdatedAt, true
}

// RotateSecretKey gives a store of a repository a new key pair, as GitHub
// may: writes sealed with the old key are then refused.
func (st *State) RotateSecretKey(owner, repo, store string) error {
	return st.update(owner, repo, func(w *world, r *Repo) error {
		key, ok := storeKeyOf(r, store)
		if !ok {
			return fmt.Errorf("%s/%s has no secret store %q", owner, repo, store)
		}
		w.newSecretKey(w.secretStore(r, key))
		return nil
	})
}

// storeKeyOf is the key of a store named as the control surface names it.
func storeKeyOf(r *Repo, store string) (string, bool) {
	switch {
	case store == storeActions || store == storeDependabot:
		return store, true
	case strings.HasPrefix(store, "environments/"):
		e := environmentByName(r, strings.TrimPrefix(store, "environments/"))
		if e == nil {
			return "", false
		}
		return environmentStore(e), true
	}
	return "", false
}
