package emulator

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// serveControl answers the /_emulator/ surface, which is not part of
// GitHub's API: it needs no credentials and is neither rate limited nor
// subject to faults.
//
//	GET    /_emulator/requests            request log
//	DELETE /_emulator/requests            clear the request log
//	GET    /_emulator/stats               counts per endpoint and status, rate-limit points
//	POST   /_emulator/reset               back to the seed (also clears log, faults, config)
//	GET    /_emulator/faults              installed faults
//	POST   /_emulator/faults              install faults (replaces)
//	DELETE /_emulator/faults              remove faults
//	GET    /_emulator/config              behaviour switches
//	POST   /_emulator/config              change behaviour switches (merge)
//	POST   /_emulator/seed                add users, orgs, teams, apps, repos
//	POST   /_emulator/tokens              give a user another token {"login": "demo-user", "token": "new-token"}
//	DELETE /_emulator/tokens/{token}      revoke a token: requests with it are answered 401
//	GET    /_emulator/repos               repositories as the emulator stores them
//	PATCH  /_emulator/repos/{o}/{r}       change fields out of band {"allow_squash_merge": false} (State.SetField)
//	POST   /_emulator/repos/{o}/{r}/branches   add a branch {"name": "dev"}
//	POST   /_emulator/repos/{o}/{r}/pages/certificate   verify the Pages site's custom domain and issue its certificate now
//	POST   /_emulator/repos/{o}/{r}/interaction-limits/expire   let the repository's interaction limit expire now, or {"in": "30s"} from now
//	POST   /_emulator/orgs/{org}/interaction-limits/expire     the same for an organization's
//	PUT    /_emulator/repos/{o}/{r}/code-scanning/languages   the CodeQL languages GitHub detects in the code {"languages": ["go", "python"]}
//	POST   /_emulator/repos/{o}/{r}/code-scanning/default-setup/apply   apply the code scanning default setup being applied now
//	POST   /_emulator/invitations/{id}/expire   let a repository invitation expire
//	POST   /_emulator/orgs/{org}/invitations/{login}/{accept|decline|expire}   answer an organization invitation as its invitee
//	POST   /_emulator/orgs/{org}/code-security/attachments  finish every pending attachment of a code security configuration now
//	POST   /_emulator/orgs/{org}/repository-roles  add a custom repository role {"name": "deployer", "baseRole": "write"}
//	POST   /_emulator/orgs/{org}/organization-roles  add a custom organization role {"name": "auditor", "baseRole": "read", "permissions": ["read_audit_logs"]}; answers its id
//	GET    /_emulator/repos/{o}/{r}/{store}/secrets/{name}   a secret's plaintext {"value": ..., "updatedAt": ...}
//	POST   /_emulator/repos/{o}/{r}/{store}/secrets/public-key/rotate   give the store a new key pair
//	       ({store}: actions, dependabot or environments/{environment})
func (s *Server) serveControl(w http.ResponseWriter, r *http.Request, path string) {
	path = strings.TrimSuffix(path, "/")
	reply := func(status int, v any) {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(status)
		if v != nil {
			_ = json.NewEncoder(w).Encode(v)
		}
	}
	bad := func(err error) { reply(http.StatusBadRequest, map[string]string{"message": err.Error()}) }
	decode := func(v any) bool {
		body, err := io.ReadAll(io.LimitReader(r.Body, 4<<20))
		if err != nil {
			bad(fmt.Errorf("reading body: %w", err))
			return false
		}
		if strings.TrimSpace(string(body)) == "" {
			return true
		}
		dec := json.NewDecoder(strings.NewReader(string(body)))
		dec.DisallowUnknownFields()
		if err := dec.Decode(v); err != nil {
			bad(fmt.Errorf("decoding body: %w", err))
			return false
		}
		return true
	}
	switch {
	case path == "/requests" && r.Method == http.MethodGet:
		reply(http.StatusOK, s.Requests())
	case path == "/requests" && r.Method == http.MethodDelete:
		s.log.clear()
		reply(http.StatusNoContent, nil)
	case path == "/stats" && r.Method == http.MethodGet:
		reply(http.StatusOK, s.Stats())
	case path == "/reset" && r.Method == http.MethodPost:
		if err := s.Reset(); err != nil {
			reply(http.StatusInternalServerError, map[string]string{"message": err.Error()})
			return
		}
		reply(http.StatusNoContent, nil)
	case path == "/faults" && r.Method == http.MethodGet:
		reply(http.StatusOK, s.Faults())
	case path == "/faults" && r.Method == http.MethodPost:
		var f Faults
		if !decode(&f) {
			return
		}
		if err := s.SetFaults(f); err != nil {
			bad(err)
			return
		}
		reply(http.StatusOK, f)
	case path == "/faults" && r.Method == http.MethodDelete:
		s.ClearFaults()
		reply(http.StatusNoContent, nil)
	case path == "/config" && r.Method == http.MethodGet:
		reply(http.StatusOK, s.Config())
	case path == "/config" && r.Method == http.MethodPost:
		s.cfgMu.Lock()
		cfg := s.cfg
		s.cfgMu.Unlock()
		if !decode(&cfg) {
			return
		}
		s.SetConfig(cfg)
		reply(http.StatusOK, cfg)
	case path == "/seed" && r.Method == http.MethodPost:
		body, err := io.ReadAll(io.LimitReader(r.Body, 4<<20))
		if err != nil {
			bad(fmt.Errorf("reading body: %w", err))
			return
		}
		seed, err := ParseSeed(body)
		if err != nil {
			bad(err)
			return
		}
		if err := s.state.Apply(seed); err != nil {
			bad(err)
			return
		}
		reply(http.StatusNoContent, nil)
	case path == "/tokens" && r.Method == http.MethodPost:
		var b struct {
			Login string `json:"login"`
			Token string `json:"token"`
		}
		if !decode(&b) {
			return
		}
		if err := s.state.IssueToken(b.Login, b.Token); err != nil {
			bad(err)
			return
		}
		reply(http.StatusNoContent, nil)
	case strings.HasPrefix(path, "/tokens/") && r.Method == http.MethodDelete:
		if err := s.state.RevokeToken(strings.TrimPrefix(path, "/tokens/")); err != nil {
			reply(http.StatusNotFound, map[string]string{"message": err.Error()})
			return
		}
		reply(http.StatusNoContent, nil)
	case path == "/repos" && r.Method == http.MethodGet:
		reply(http.StatusOK, s.state.Repos())
	case strings.HasPrefix(path, "/repos/") && strings.Count(path, "/") == 3 && r.Method == http.MethodPatch:
		parts := strings.Split(strings.TrimPrefix(path, "/repos/"), "/")
		var fields map[string]json.RawMessage
		if !decode(&fields) {
			return
		}
		if err := s.state.SetFields(parts[0], parts[1], fields); err != nil {
			bad(err)
			return
		}
		reply(http.StatusNoContent, nil)
	case strings.HasPrefix(path, "/repos/") && strings.HasSuffix(path, "/code-scanning/languages") && r.Method == http.MethodPut:
		parts := strings.Split(strings.TrimPrefix(path, "/repos/"), "/")
		if len(parts) != 4 {
			reply(http.StatusNotFound, map[string]string{"message": "Not Found"})
			return
		}
		var b struct {
			Languages []string `json:"languages"`
		}
		if !decode(&b) {
			return
		}
		if err := s.state.SetCodeScanningLanguages(parts[0], parts[1], b.Languages); err != nil {
			bad(err)
			return
		}
		reply(http.StatusNoContent, nil)
	case strings.HasPrefix(path, "/repos/") && strings.HasSuffix(path, "/code-scanning/default-setup/apply") && r.Method == http.MethodPost:
		parts := strings.Split(strings.TrimPrefix(path, "/repos/"), "/")
		if len(parts) != 5 {
			reply(http.StatusNotFound, map[string]string{"message": "Not Found"})
			return
		}
		if err := s.state.ApplyCodeScanningDefaultSetup(parts[0], parts[1]); err != nil {
			reply(http.StatusNotFound, map[string]string{"message": err.Error()})
			return
		}
		reply(http.StatusNoContent, nil)
	case strings.HasPrefix(path, "/repos/") && strings.HasSuffix(path, "/pages/certificate") && r.Method == http.MethodPost:
		parts := strings.Split(strings.TrimPrefix(path, "/repos/"), "/")
		if len(parts) != 4 {
			reply(http.StatusNotFound, map[string]string{"message": "Not Found"})
			return
		}
		if err := s.state.IssuePagesCertificate(parts[0], parts[1]); err != nil {
			reply(http.StatusNotFound, map[string]string{"message": err.Error()})
			return
		}
		reply(http.StatusNoContent, nil)
	case strings.HasSuffix(path, "/interaction-limits/expire") && r.Method == http.MethodPost &&
		(strings.HasPrefix(path, "/repos/") || strings.HasPrefix(path, "/orgs/")):
		var b struct {
			In Duration `json:"in"`
		}
		if !decode(&b) {
			return
		}
		parts := strings.Split(strings.TrimPrefix(strings.TrimSuffix(path, "/interaction-limits/expire"), "/"), "/")
		var err error
		switch {
		case parts[0] == "repos" && len(parts) == 3:
			err = s.ExpireRepositoryInteractionLimit(parts[1], parts[2], time.Duration(b.In))
		case parts[0] == "orgs" && len(parts) == 2:
			err = s.ExpireOrganizationInteractionLimit(parts[1], time.Duration(b.In))
		default:
			err = ErrNotFound
		}
		if err != nil {
			reply(http.StatusNotFound, map[string]string{"message": err.Error()})
			return
		}
		reply(http.StatusNoContent, nil)
	case strings.HasPrefix(path, "/repos/") && strings.HasSuffix(path, "/branches") && r.Method == http.MethodPost:
		parts := strings.Split(strings.TrimPrefix(path, "/repos/"), "/")
		if len(parts) != 3 {
			reply(http.StatusNotFound, map[string]string{"message": "Not Found"})
			return
		}
		var b struct {
			Name string `json:"name"`
		}
		if !decode(&b) {
			return
		}
		if err := s.state.AddBranch(parts[0], parts[1], b.Name); err != nil {
			bad(err)
			return
		}
		reply(http.StatusNoContent, nil)
	case strings.HasPrefix(path, "/repos/") && strings.Contains(path, "/secrets/"):
		owner, repo, store, name, ok := secretControlPath(path)
		switch {
		case !ok:
			reply(http.StatusNotFound, map[string]string{"message": "Not Found"})
		case name == "public-key/rotate" && r.Method == http.MethodPost:
			if err := s.state.RotateSecretKey(owner, repo, store); err != nil {
				reply(http.StatusNotFound, map[string]string{"message": err.Error()})
				return
			}
			reply(http.StatusNoContent, nil)
		case r.Method == http.MethodGet:
			value, updated, found := s.state.SecretValue(owner, repo, store, name)
			if !found {
				reply(http.StatusNotFound, map[string]string{"message": "Not Found"})
				return
			}
			reply(http.StatusOK, map[string]string{"value": value, "updatedAt": ts(updated)})
		default:
			reply(http.StatusNotFound, map[string]string{"message": "Not Found"})
		}
	case strings.HasPrefix(path, "/invitations/") && r.Method == http.MethodPost:
		id, ok := invitationToExpire(path)
		if !ok {
			reply(http.StatusNotFound, map[string]string{"message": "Not Found"})
			return
		}
		if err := s.state.ExpireInvitation(id); err != nil {
			reply(http.StatusNotFound, map[string]string{"message": err.Error()})
			return
		}
		reply(http.StatusNoContent, nil)
	case strings.HasPrefix(path, "/orgs/") && strings.Contains(path, "/invitations/") && r.Method == http.MethodPost:
		org, login, answer, ok := orgInvitationControl(path)
		if !ok {
			reply(http.StatusNotFound, map[string]string{"message": "Not Found"})
			return
		}
		if err := s.state.AnswerOrgInvitation(org, login, answer); err != nil {
			reply(http.StatusNotFound, map[string]string{"message": err.Error()})
			return
		}
		reply(http.StatusNoContent, nil)
	case strings.HasPrefix(path, "/orgs/") && strings.HasSuffix(path, "/code-security/attachments") && r.Method == http.MethodPost:
		if err := s.state.FinishCodeSecurityAttachments(strings.TrimSuffix(strings.TrimPrefix(path, "/orgs/"), "/code-security/attachments")); err != nil {
			reply(http.StatusNotFound, map[string]string{"message": err.Error()})
			return
		}
		reply(http.StatusNoContent, nil)
	case strings.HasPrefix(path, "/orgs/") && strings.HasSuffix(path, "/repository-roles") && r.Method == http.MethodPost:
		org := strings.TrimSuffix(strings.TrimPrefix(path, "/orgs/"), "/repository-roles")
		var role struct {
			Name     string `json:"name"`
			BaseRole string `json:"baseRole"`
		}
		if !decode(&role) {
			return
		}
		if err := s.state.AddRepositoryRole(org, role.Name, role.BaseRole); err != nil {
			bad(err)
			return
		}
		reply(http.StatusNoContent, nil)
	case strings.HasPrefix(path, "/orgs/") && strings.HasSuffix(path, "/organization-roles") && r.Method == http.MethodPost:
		org := strings.TrimSuffix(strings.TrimPrefix(path, "/orgs/"), "/organization-roles")
		var role struct {
			Name        string   `json:"name"`
			Description string   `json:"description"`
			BaseRole    string   `json:"baseRole"`
			Permissions []string `json:"permissions"`
		}
		if !decode(&role) {
			return
		}
		id, err := s.state.AddOrganizationRole(org, role.Name, role.Description, role.BaseRole, role.Permissions)
		if err != nil {
			bad(err)
			return
		}
		reply(http.StatusCreated, map[string]int64{"id": id})
	default:
		reply(http.StatusNotFound, map[string]string{"message": "Not Found"})
	}
}

// secretControlPath reads /repos/{o}/{r}/{store}/secrets/{name}, where the
// store is actions, dependabot or environments/{environment}; name may be
// public-key/rotate.
func secretControlPath(path string) (owner, repo, store, name string, ok bool) {
	parts := strings.Split(strings.TrimPrefix(path, "/repos/"), "/")
	if len(parts) < 5 {
		return "", "", "", "", false
	}
	owner, repo, rest := parts[0], parts[1], parts[2:]
	switch {
	case rest[0] == storeActions || rest[0] == storeDependabot:
		store, rest = rest[0], rest[1:]
	case rest[0] == "environments" && len(rest) >= 3:
		store, rest = "environments/"+rest[1], rest[2:]
	default:
		return "", "", "", "", false
	}
	if len(rest) < 2 || rest[0] != "secrets" {
		return "", "", "", "", false
	}
	return owner, repo, store, strings.Join(rest[1:], "/"), true
}
