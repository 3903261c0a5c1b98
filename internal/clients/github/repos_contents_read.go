package github

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
)

// fileWithContent is a file as GitHub's contents API answers a read: the
// file, and its bytes, base64-encoded with line breaks, or left out
// (encoding "none") for a file over 1 MB.
type fileWithContent struct {
	FileContent
	Content  string `json:"content"`
	Encoding string `json:"encoding"`
}

// ReadFile reads the file at path of ref (the default branch when empty)
// with its bytes; GitHub answers as GetFile says, and a directory is an
// error saying so. GitHub leaves the bytes
// of a file over 1 MB out: content is then nil. Not part of ContentsAPI:
// the importer alone reads what a file holds (the controller compares
// blob ids).
func (c *ContentsClient) ReadFile(ctx context.Context, owner, repo, path, ref string) (f *FileContent, content []byte, err error) {
	p := routeGetContent.path(owner, repo, path)
	if ref != "" {
		p += "?" + url.Values{"ref": {ref}}.Encode()
	}
	var raw json.RawMessage
	if err := c.do(ctx, routeGetContent, p, nil, &raw); err != nil {
		return nil, nil, err
	}
	if b := bytes.TrimSpace(raw); len(b) > 0 && b[0] == '[' {
		return nil, nil, fmt.Errorf("%s is a directory, not a file", path)
	}
	out := &fileWithContent{}
	if err := json.Unmarshal(raw, out); err != nil {
		return nil, nil, fmt.Errorf("cannot decode GitHub's answer for %s: %w", path, err)
	}
	switch out.Encoding {
	case "base64":
		content, err = base64.StdEncoding.DecodeString(strings.NewReplacer("\n", "", "\r", "").Replace(out.Content))
		if err != nil {
			return nil, nil, fmt.Errorf("cannot decode the content GitHub answered for %s: %w", path, err)
		}
		if content == nil {
			content = []byte{}
		}
	case "none", "":
	default:
		return nil, nil, fmt.Errorf("GitHub answered the content of %s in the encoding %q, which is not base64", path, out.Encoding)
	}
	return &out.FileContent, content, nil
}
