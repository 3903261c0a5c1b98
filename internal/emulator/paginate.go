package emulator

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// Pagination defaults of GitHub list endpoints.
const (
	defaultPerPage = 30
	maxPerPage     = 100
)

// paginate cuts one page out of n items and sets GitHub's Link header. It
// returns the [start, end) range.
func (c *reqCtx) paginate(n int) (int, int) {
	return c.paginateBy(n, defaultPerPage, maxPerPage)
}

// paginateBy is paginate for a list whose page size defaults to def and
// is at most most (GitHub's Actions variables: 10 and 30).
func (c *reqCtx) paginateBy(n, def, most int) (int, int) {
	q := c.r.URL.Query()
	perPage, err := strconv.Atoi(q.Get("per_page"))
	if err != nil || perPage <= 0 {
		perPage = def
	}
	if perPage > most {
		perPage = most
	}
	page, err := strconv.Atoi(q.Get("page"))
	if err != nil || page < 1 {
		page = 1
	}
	last := (n + perPage - 1) / perPage
	if last < 1 {
		last = 1
	}
	link := func(p int, rel string) string {
		qq := url.Values{}
		for k, v := range q {
			qq[k] = v
		}
		qq.Set("page", strconv.Itoa(p))
		if q.Get("per_page") != "" {
			qq.Set("per_page", strconv.Itoa(perPage))
		}
		return fmt.Sprintf(`<%s%s?%s>; rel=%q`, c.apiBase, c.path, qq.Encode(), rel)
	}
	var links []string
	if page > 1 {
		links = append(links, link(page-1, "prev"))
	}
	if page < last {
		links = append(links, link(page+1, "next"), link(last, "last"))
	}
	if page > 1 {
		links = append(links, link(1, "first"))
	}
	if len(links) > 0 {
		c.header.Set("Link", strings.Join(links, ", "))
	}
	start := (page - 1) * perPage
	if start > n {
		start = n
	}
	end := start + perPage
	if end > n {
		end = n
	}
	return start, end
}
