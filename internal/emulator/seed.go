package emulator

import (
	"bytes"
	"crypto/rsa"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"sigs.k8s.io/yaml"
)

// Seed is the initial state of an emulator, loadable from JSON or YAML.
type Seed struct {
	Users []SeedUser `json:"users,omitempty"`
	Orgs  []SeedOrg  `json:"orgs,omitempty"`
	Teams []SeedTeam `json:"teams,omitempty"`
	Apps  []SeedApp  `json:"apps,omitempty"`
	Repos []SeedRepo `json:"repos,omitempty"`
}

// SeedUser is a user and its personal access tokens.
type SeedUser struct {
	Login  string   `json:"login"`
	ID     int64    `json:"id,omitempty"`
	Name   string   `json:"name,omitempty"`
	Email  string   `json:"email,omitempty"`
	Tokens []string `json:"tokens,omitempty"`
}

// SeedOrg is an organization and its members.
type SeedOrg struct {
	Login       string       `json:"login"`
	ID          int64        `json:"id,omitempty"`
	Name        string       `json:"name,omitempty"`
	Description string       `json:"description,omitempty"`
	Members     []SeedMember `json:"members,omitempty"`
	// MembersCanCreateRepositories lets plain members create repositories;
	// by default only admins (owners) can.
	MembersCanCreateRepositories bool `json:"membersCanCreateRepositories,omitempty"`
}

// SeedMember is an organization membership; Role is "admin" or "member".
type SeedMember struct {
	Login string `json:"login"`
	Role  string `json:"role,omitempty"`
}

// SeedTeam is an organization team. Members of a team named in a
// repository's team_id get push access to it.
type SeedTeam struct {
	// ID is optional; teams without one get the next free id.
	ID  int64  `json:"id,omitempty"`
	Org string `json:"org"`
	// Name and Slug: either is enough. The slug is derived from the name
	// (see TeamSlug) and the name defaults to the slug.
	Name        string `json:"name,omitempty"`
	Slug        string `json:"slug,omitempty"`
	Description string `json:"description,omitempty"`
	// Privacy is secret (default for top-level teams) or closed (default,
	// and the only choice, for nested teams).
	Privacy string `json:"privacy,omitempty"`
	// Parent is the slug of a team of the same organization seeded earlier.
	Parent  string           `json:"parent,omitempty"`
	Members []SeedTeamMember `json:"members,omitempty"`
}

// SeedTeamMember is a team membership; Role is "member" (default) or
// "maintainer". A bare login is accepted for a member.
type SeedTeamMember struct {
	Login string `json:"login"`
	Role  string `json:"role,omitempty"`
}

// UnmarshalJSON accepts a login string or a {login, role} object.
func (m *SeedTeamMember) UnmarshalJSON(b []byte) error {
	var login string
	if err := json.Unmarshal(b, &login); err == nil {
		*m = SeedTeamMember{Login: login}
		return nil
	}
	type plain SeedTeamMember
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var p plain
	if err := dec.Decode(&p); err != nil {
		return fmt.Errorf("team member: %w", err)
	}
	*m = SeedTeamMember(p)
	return nil
}

// SeedApp is a GitHub App with its RSA public key (PEM, PKIX or PKCS#1).
type SeedApp struct {
	ID            int64              `json:"id"`
	Slug          string             `json:"slug"`
	PublicKeyPEM  string             `json:"publicKeyPEM"`
	Installations []SeedInstallation `json:"installations,omitempty"`
}

// SeedInstallation installs an app on an account with permissions such as
// {"administration": "write", "metadata": "read"}.
type SeedInstallation struct {
	ID                  int64             `json:"id"`
	Account             string            `json:"account"`
	Permissions         map[string]string `json:"permissions,omitempty"`
	RepositorySelection string            `json:"repositorySelection,omitempty"`
}

// SeedRepo is a pre-existing repository.
type SeedRepo struct {
	Owner       string `json:"owner"`
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	// Visibility is public (default), private or internal.
	Visibility string   `json:"visibility,omitempty"`
	IsTemplate bool     `json:"isTemplate,omitempty"`
	Archived   bool     `json:"archived,omitempty"`
	Topics     []string `json:"topics,omitempty"`
	// Branches lists branch names; the first is the default branch. Empty
	// means an empty repository whose default branch reports "main".
	Branches []string `json:"branches,omitempty"`
	// Languages are the CodeQL languages GitHub detects in the code
	// (go, python ...), which a code scanning default setup analyses.
	Languages []string `json:"languages,omitempty"`
}

// DefaultSeed is the state used when none is given: user demo-user (token
// demo-token) owning org demo-org, and user other-user (token other-token)
// outside it.
func DefaultSeed() *Seed {
	return &Seed{
		Users: []SeedUser{
			{Login: "demo-user", Name: "Demo User", Email: "demo-user@example.com", Tokens: []string{"demo-token"}},
			{Login: "other-user", Name: "Other User", Tokens: []string{"other-token"}},
		},
		Orgs: []SeedOrg{
			{Login: "demo-org", Name: "Demo Org", Description: "Organization of the default emulator seed", Members: []SeedMember{{Login: "demo-user", Role: RoleAdmin}}},
		},
	}
}

// LoadSeedFile reads a seed from a JSON or YAML file.
func LoadSeedFile(path string) (*Seed, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading seed file: %w", err)
	}
	return ParseSeed(raw)
}

// ParseSeed parses a JSON or YAML seed, rejecting unknown fields.
func ParseSeed(raw []byte) (*Seed, error) {
	var s Seed
	if err := yaml.UnmarshalStrict(raw, &s); err != nil {
		return nil, fmt.Errorf("parsing seed: %w", err)
	}
	return &s, nil
}

// ParseRSAPublicKeyPEM parses a PKIX or PKCS#1 RSA public key, or takes the
// public half of a PKCS#1/PKCS#8 private key.
func ParseRSAPublicKeyPEM(s string) (*rsa.PublicKey, error) {
	block, _ := pem.Decode([]byte(s))
	if block == nil {
		return nil, fmt.Errorf("no PEM block found")
	}
	switch block.Type {
	case "PUBLIC KEY":
		k, err := x509.ParsePKIXPublicKey(block.Bytes)
		if err != nil {
			return nil, fmt.Errorf("parsing PKIX public key: %w", err)
		}
		rk, ok := k.(*rsa.PublicKey)
		if !ok {
			return nil, fmt.Errorf("public key is %T, not RSA", k)
		}
		return rk, nil
	case "RSA PUBLIC KEY":
		k, err := x509.ParsePKCS1PublicKey(block.Bytes)
		if err != nil {
			return nil, fmt.Errorf("parsing PKCS#1 public key: %w", err)
		}
		return k, nil
	case "RSA PRIVATE KEY":
		k, err := x509.ParsePKCS1PrivateKey(block.Bytes)
		if err != nil {
			return nil, fmt.Errorf("parsing PKCS#1 private key: %w", err)
		}
		return &k.PublicKey, nil
	case "PRIVATE KEY":
		k, err := x509.ParsePKCS8PrivateKey(block.Bytes)
		if err != nil {
			return nil, fmt.Errorf("parsing PKCS#8 private key: %w", err)
		}
		rk, ok := k.(*rsa.PrivateKey)
		if !ok {
			return nil, fmt.Errorf("private key is %T, not RSA", k)
		}
		return &rk.PublicKey, nil
	}
	return nil, fmt.Errorf("unsupported PEM block %q", block.Type)
}

// buildWorld turns a seed into state.
func buildWorld(s *Seed, now time.Time, firstTeamID int64) (*world, error) {
	w := newWorld()
	w.nextTeamID = firstTeamID
	if err := w.apply(s, now); err != nil {
		return nil, err
	}
	return w, nil
}

// apply adds the seed's contents to the world.
func (w *world) apply(s *Seed, now time.Time) error {
	created := now.Add(-24 * time.Hour)
	newID := func(id int64) int64 {
		if id != 0 {
			return id
		}
		w.nextAccountID++
		return w.nextAccountID
	}
	for _, u := range s.Users {
		if u.Login == "" {
			return fmt.Errorf("seed user without login")
		}
		if w.account(u.Login) != nil {
			return fmt.Errorf("seed account %q defined twice", u.Login)
		}
		w.accounts[strings.ToLower(u.Login)] = &Account{ID: newID(u.ID), Login: u.Login, Type: accountUser, Name: u.Name, Email: u.Email, CreatedAt: created}
		for _, t := range u.Tokens {
			if _, dup := w.tokens[t]; dup || t == "" {
				return fmt.Errorf("seed token for %q is empty or used twice", u.Login)
			}
			w.tokens[t] = &token{value: t, login: u.Login}
		}
	}
	for _, o := range s.Orgs {
		if o.Login == "" {
			return fmt.Errorf("seed org without login")
		}
		if w.account(o.Login) != nil {
			return fmt.Errorf("seed account %q defined twice", o.Login)
		}
		a := &Account{ID: newID(o.ID), Login: o.Login, Type: accountOrg, Name: o.Name, Description: o.Description, CreatedAt: created,
			Members: map[string]string{}, MembersCanCreateRepositories: o.MembersCanCreateRepositories}
		for _, m := range o.Members {
			if u := w.account(m.Login); u == nil || u.IsOrg() {
				return fmt.Errorf("org %q: member %q is not a seeded user", o.Login, m.Login)
			}
			role := m.Role
			if role == "" {
				role = RoleMember
			}
			if role != RoleAdmin && role != RoleMember {
				return fmt.Errorf("org %q: member %q has role %q, want admin or member", o.Login, m.Login, role)
			}
			a.Members[strings.ToLower(m.Login)] = role
		}
		w.accounts[strings.ToLower(o.Login)] = a
	}
	for _, t := range s.Teams {
		if err := w.applyTeam(t, created); err != nil {
			return err
		}
	}
	for _, a := range s.Apps {
		key, err := ParseRSAPublicKeyPEM(a.PublicKeyPEM)
		if err != nil {
			return fmt.Errorf("app %d: %w", a.ID, err)
		}
		w.apps[a.ID] = &App{ID: a.ID, Slug: a.Slug, PublicKey: key}
		for _, in := range a.Installations {
			if w.account(in.Account) == nil {
				return fmt.Errorf("app %d installation %d: account %q is not seeded", a.ID, in.ID, in.Account)
			}
			sel := in.RepositorySelection
			if sel == "" {
				sel = "all"
			}
			perms := map[string]string{}
			for k, v := range in.Permissions {
				perms[k] = v
			}
			w.installations[in.ID] = &Installation{ID: in.ID, AppID: a.ID, Account: in.Account, Permissions: perms, RepositorySelection: sel}
		}
	}
	for _, sr := range s.Repos {
		owner := w.account(sr.Owner)
		if owner == nil {
			return fmt.Errorf("repo %s/%s: owner is not seeded", sr.Owner, sr.Name)
		}
		name, err := NormalizeRepoName(sr.Name)
		if err != nil {
			return fmt.Errorf("repo %s/%s: %w", sr.Owner, sr.Name, err)
		}
		if w.repoByName(owner.Login, name) != nil {
			return fmt.Errorf("repo %s/%s defined twice", sr.Owner, name)
		}
		vis := sr.Visibility
		if vis == "" {
			vis = VisibilityPublic
		}
		if vis != VisibilityPublic && vis != VisibilityPrivate && !(vis == VisibilityInternal && owner.IsOrg()) {
			return fmt.Errorf("repo %s/%s: invalid visibility %q", sr.Owner, name, vis)
		}
		r := w.newRepo(owner, name, vis, created)
		if sr.Description != "" {
			r.Description = ptr(sr.Description)
		}
		r.IsTemplate, r.Archived = sr.IsTemplate, sr.Archived
		topics, problems := NormalizeTopics(sr.Topics)
		if len(problems) > 0 {
			return fmt.Errorf("repo %s/%s: %s", sr.Owner, name, strings.Join(problems, "; "))
		}
		r.Topics = topics
		for _, b := range sr.Branches {
			r.Branches = append(r.Branches, Branch{Name: b, SHA: w.newSHA()})
		}
		if len(sr.Branches) > 0 {
			r.DefaultBranch = sr.Branches[0]
		}
		for _, l := range sr.Languages {
			if !slices.Contains(codeQLLanguages, l) {
				return fmt.Errorf("repo %s/%s: %q is not one of the CodeQL languages %s", sr.Owner, name, l, strings.Join(codeQLLanguages, ", "))
			}
		}
		if len(sr.Languages) > 0 {
			setDetected(r, sr.Languages)
		}
		w.addRepo(r)
	}
	return nil
}
