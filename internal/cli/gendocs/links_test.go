package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// linkRE finds inline Markdown links and images: [text](target "title").
var linkRE = regexp.MustCompile(`\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)`)

// codeSpanRE finds inline code spans, whose brackets are not links.
var codeSpanRE = regexp.MustCompile("`+[^`]*`+")

// prose is a Markdown file's text outside fenced code blocks and code spans,
// line by line.
func prose(text string) []string {
	var out []string
	fence := ""
	for _, line := range strings.Split(text, "\n") {
		trimmed := strings.TrimSpace(line)
		if fence != "" {
			if strings.HasPrefix(trimmed, fence) {
				fence = ""
			}
			out = append(out, "")
			continue
		}
		if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
			fence = trimmed[:3]
			out = append(out, "")
			continue
		}
		out = append(out, codeSpanRE.ReplaceAllStringFunc(line, func(s string) string {
			if strings.HasPrefix(trimmed, "#") {
				return strings.Trim(s, "`") // a heading keeps its code's text
			}
			return ""
		}))
	}
	return out
}

// links are the relative link targets of a Markdown file, with their lines.
func links(text string) map[string][]int {
	out := map[string][]int{}
	for i, line := range prose(text) {
		for _, m := range linkRE.FindAllStringSubmatch(line, -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			out[target] = append(out[target], i+1)
		}
	}
	return out
}

// anchors are the anchors GitHub gives the headings of a Markdown file,
// duplicates numbered as it numbers them.
func anchors(text string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	for _, line := range prose(text) {
		if !strings.HasPrefix(line, "#") {
			continue
		}
		h := strings.TrimLeft(line, "#")
		if h == "" || h[0] != ' ' {
			continue
		}
		h = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`).ReplaceAllString(strings.TrimSpace(h), "$1")
		a := anchor(h)
		if n := seen[a]; n > 0 {
			out[a+"-"+itoa(n)] = true
		} else {
			out[a] = true
		}
		seen[a]++
	}
	return out
}

func itoa(n int) string { return strconv.Itoa(n) }

// markdownFiles are README.md and every Markdown file under docs/, relative
// to the repository's root.
func markdownFiles(t *testing.T) []string {
	files := []string{"README.md"}
	err := filepath.WalkDir(filepath.Join(repoRoot, "docs"), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".md") {
			rel, _ := filepath.Rel(repoRoot, path)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func read(t *testing.T, rel string) string {
	b, err := os.ReadFile(filepath.Join(repoRoot, rel))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// resolve is the repository path a link of file points to, and its anchor.
func resolve(file, target string) (path, frag string) {
	path, frag, _ = strings.Cut(target, "#")
	if path == "" {
		return file, frag
	}
	return filepath.ToSlash(filepath.Clean(filepath.Join(filepath.Dir(file), path))), frag
}

// TestDocsLinksResolve checks every relative link of README.md and docs/:
// the file or folder exists, and an anchor into a Markdown file names one of
// its headings.
func TestDocsLinksResolve(t *testing.T) {
	for _, file := range markdownFiles(t) {
		for target, lines := range links(read(t, file)) {
			path, frag := resolve(file, target)
			if strings.HasPrefix(path, "..") {
				t.Errorf("%s:%d: link %s leaves the repository", file, lines[0], target)
				continue
			}
			if _, err := os.Stat(filepath.Join(repoRoot, path)); err != nil {
				t.Errorf("%s:%d: link %s: no such file %s", file, lines[0], target, path)
				continue
			}
			if frag != "" && strings.HasSuffix(path, ".md") && !anchors(read(t, path))[frag] {
				t.Errorf("%s:%d: link %s: %s has no heading with anchor #%s", file, lines[0], target, path, frag)
			}
		}
	}
}

// TestDocsReachable checks that README.md links every page under docs/:
// directly, or through pages it links.
func TestDocsReachable(t *testing.T) {
	reached := map[string]bool{"README.md": true}
	queue := []string{"README.md"}
	for len(queue) > 0 {
		file := queue[0]
		queue = queue[1:]
		for target := range links(read(t, file)) {
			path, _ := resolve(file, target)
			if strings.HasSuffix(path, ".md") && !reached[path] {
				if _, err := os.Stat(filepath.Join(repoRoot, path)); err == nil {
					reached[path] = true
					queue = append(queue, path)
				}
			}
		}
	}
	var lost []string
	for _, file := range markdownFiles(t) {
		if !reached[file] {
			lost = append(lost, file)
		}
	}
	slices.Sort(lost)
	if len(lost) > 0 {
		t.Errorf("pages under docs/ that README.md does not lead to (link them from README.md's tables): %v", lost)
	}
}

func TestLinksParse(t *testing.T) {
	text := "see [a](docs/a.md#x) and `[b](no.md)`\n```\n[c](no2.md)\n```\n## The `run` verb\n[d](https://x.org) ![e](img.png \"t\")\n"
	got := links(text)
	if len(got) != 2 || got["docs/a.md#x"] == nil || got["img.png"] == nil {
		t.Errorf("links = %v", got)
	}
	if a := anchors(text); !a["the-run-verb"] {
		t.Errorf("anchors = %v", a)
	}
}

// maxReadmeLines keeps README.md a front page (issue 32: at most ~300 lines):
// what dbgauge is, the two commands, a tour and tables that link onward. The
// rest belongs on a page under docs/.
const maxReadmeLines = 300

func TestReadmeShort(t *testing.T) {
	if n := strings.Count(read(t, "README.md"), "\n"); n > maxReadmeLines {
		t.Errorf("README.md has %d lines, more than %d: move the detail to a page under docs/ and link it", n, maxReadmeLines)
	}
}
