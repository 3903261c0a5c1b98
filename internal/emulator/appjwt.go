package emulator

import (
	"fmt"
	"strconv"
	"time"

	"github.com/golang-jwt/jwt/v4"
)

// maxJWTLifetime is how far in the future GitHub accepts an app JWT's exp.
const maxJWTLifetime = 10 * time.Minute

// jwtClockSkew is the leeway for iat in the future.
const jwtClockSkew = 60 * time.Second

// verifyAppJWT checks a GitHub App JWT (RS256, iss = app id, exp at most ten
// minutes ahead) and returns the app id, or GitHub's error message.
func (st *State) verifyAppJWT(raw string, now time.Time) (int64, string) {
	const undecodable = "A JSON web token could not be decoded"
	parser := jwt.NewParser(jwt.WithValidMethods([]string{"RS256"}), jwt.WithoutClaimsValidation())
	claims := jwt.MapClaims{}
	var appID int64
	_, err := parser.ParseWithClaims(raw, claims, func(t *jwt.Token) (any, error) {
		id, err := issuer(claims["iss"])
		if err != nil {
			return nil, err
		}
		st.mu.RLock()
		app := st.w.apps[id]
		st.mu.RUnlock()
		if app == nil {
			return nil, fmt.Errorf("unknown app %d", id)
		}
		appID = id
		return app.PublicKey, nil
	})
	if err != nil {
		return 0, undecodable
	}
	exp, ok := claims["exp"].(float64)
	if !ok {
		return 0, "'Expiration time' claim ('exp') must be a numeric value representing the future time at which the assertion expires"
	}
	expT := time.Unix(int64(exp), 0)
	if !now.Before(expT) {
		return 0, "'Expiration time' claim ('exp') must be a numeric value representing the future time at which the assertion expires"
	}
	if expT.After(now.Add(maxJWTLifetime + jwtClockSkew)) {
		return 0, "'Expiration time' claim ('exp') is too far in the future"
	}
	if iat, ok := claims["iat"].(float64); ok && time.Unix(int64(iat), 0).After(now.Add(jwtClockSkew)) {
		return 0, "'Issued at' claim ('iat') must be an Integer representing the time that the assertion was issued"
	}
	return appID, ""
}

func issuer(v any) (int64, error) {
	switch x := v.(type) {
	case float64:
		return int64(x), nil
	case string:
		n, err := strconv.ParseInt(x, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("iss %q is not an app id: %w", x, err)
		}
		return n, nil
	}
	return 0, fmt.Errorf("iss claim missing or of type %T", v)
}
