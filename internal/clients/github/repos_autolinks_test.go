package github

import (
	"errors"
	"net/http"
	"testing"

	gogithub "github.com/google/go-github/v37/github"
)

func TestHasErrorCode(t *testing.T) {
	resp := &http.Response{StatusCode: http.StatusUnprocessableEntity, Request: &http.Request{Method: http.MethodPost}}
	failed := func(entries ...gogithub.Error) error {
		return Explain(&gogithub.ErrorResponse{Response: resp, Message: "Validation Failed", Errors: entries})
	}
	inUse := gogithub.Error{Resource: "KeyLink", Code: "already_exists", Field: "key_prefix"}
	cases := map[string]struct {
		reason string
		err    error
		want   bool
	}{
		"Listed":     {"GitHub's entry, among others.", failed(gogithub.Error{Resource: "KeyLink", Code: "custom", Field: "url_template"}, inUse), true},
		"OtherField": {"The code of another field is another refusal.", failed(gogithub.Error{Resource: "KeyLink", Code: "already_exists", Field: "url_template"}), false},
		"OtherCode":  {"Another code of the field is another refusal.", failed(gogithub.Error{Resource: "KeyLink", Code: "custom", Field: "key_prefix"}), false},
		"NotGitHubs": {"An error that is no GitHub answer says nothing.", errors.New("key_prefix already_exists"), false},
		"Nil":        {"No error says nothing.", nil, false},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := HasErrorCode(tc.err, "key_prefix", "already_exists"); got != tc.want {
				t.Errorf("\n%s\nHasErrorCode(%v): got %t, want %t", tc.reason, tc.err, got, tc.want)
			}
		})
	}
}
