#!/usr/bin/env node
// trim.js reduces GitHub's OpenAPI description (as shipped in the npm package
// @octokit/openapi) to the operations the GitHub emulator serves, plus every
// component those operations reference, transitively. Examples, tags, webhooks
// and documentation links are dropped to keep the committed file small.
//
// The operations to keep are read from a file of "METHOD /template" lines
// (blank lines and lines starting with # are ignored): hack/openapi-trim.sh
// writes it from the emulator's route table, so there is no list to keep in
// sync by hand.
//
// Usage: node trim.js <api.github.com.json> <out.json> <package version> <operations.txt>
"use strict";
const fs = require("fs");

const [, , inFile, outFile, version, opsFile] = process.argv;
if (!inFile || !outFile || !opsFile) {
  console.error("usage: trim.js <api.github.com.json> <out.json> <version> <operations.txt>");
  process.exit(2);
}
const spec = JSON.parse(fs.readFileSync(inFile, "utf8"));

// readOperations parses the operations file into [method, path] pairs, in
// the file's order, which is the order of the trimmed description's paths.
function readOperations(file) {
  const ops = [];
  fs.readFileSync(file, "utf8").split("\n").forEach((line, i) => {
    line = line.trim();
    if (line === "" || line.startsWith("#")) return;
    const m = line.match(/^([A-Z]+) (\/\S*)$/);
    if (!m) {
      console.error(`${file}:${i + 1}: want "METHOD /template", got ${JSON.stringify(line)}`);
      process.exit(1);
    }
    ops.push([m[1].toLowerCase(), m[2]]);
  });
  if (ops.length === 0) {
    console.error(`${file}: no operations`);
    process.exit(1);
  }
  return ops;
}
const OPERATIONS = readOperations(opsFile);

// strip removes documentation-only keys. parentKey tells whether obj is a map
// of property schemas, where keys such as "description" are field names.
function strip(obj, parentKey) {
  if (Array.isArray(obj)) return obj.map((v) => strip(v, ""));
  if (obj === null || typeof obj !== "object") return obj;
  const out = {};
  const isNameMap = parentKey === "properties" || parentKey === "patternProperties";
  for (const [k, v] of Object.entries(obj)) {
    if (!isNameMap) {
      if (k === "examples" || k === "example" || k === "externalDocs") continue;
      if (k === "x-github" || k === "x-octokit" || k === "tags") continue;
      if (k === "description" && typeof v === "string") {
        // Response objects require a description; keep a short one.
        out[k] = v.split("\n")[0].slice(0, 120);
        continue;
      }
      if (k === "summary" && typeof v === "string") { out[k] = v; continue; }
    }
    out[k] = strip(v, k);
  }
  return out;
}

const paths = {};
for (const [method, path] of OPERATIONS) {
  const item = spec.paths[path];
  if (!item || !item[method]) {
    console.error(`operation ${method.toUpperCase()} ${path} not found in ${inFile}`);
    process.exit(1);
  }
  paths[path] = paths[path] || {};
  if (item.parameters) paths[path].parameters = item.parameters;
  paths[path][method] = item[method];
}

// Collect referenced components transitively.
const wanted = new Set();
function collect(obj) {
  if (Array.isArray(obj)) return obj.forEach(collect);
  if (obj === null || typeof obj !== "object") return;
  for (const [k, v] of Object.entries(obj)) {
    if (k === "$ref" && typeof v === "string") {
      const m = v.match(/^#\/components\/([^/]+)\/(.+)$/);
      if (!m) throw new Error(`unsupported $ref ${v}`);
      if (m[1] === "examples") continue;
      const key = `${m[1]}/${m[2]}`;
      if (wanted.has(key)) continue;
      const target = (spec.components[m[1]] || {})[m[2]];
      if (!target) throw new Error(`dangling $ref ${v}`);
      wanted.add(key);
      collect(strip(target, ""));
    } else {
      collect(v);
    }
  }
}
const strippedPaths = strip(paths, "");
collect(strippedPaths);

const components = {};
for (const key of [...wanted].sort()) {
  const [kind, name] = key.split("/");
  components[kind] = components[kind] || {};
  components[kind][name] = strip(spec.components[kind][name], "");
}

const out = {
  openapi: spec.openapi,
  info: {
    title: spec.info.title,
    version: spec.info.version,
    description:
      `Trimmed from @octokit/openapi@${version || "unknown"} generated/api.github.com.json ` +
      "by hack/openapi-trim.sh: only the operations served by internal/emulator. MIT licensed, see LICENSE.",
    license: spec.info.license,
  },
  servers: spec.servers,
  paths: strippedPaths,
  components,
};
fs.writeFileSync(outFile, JSON.stringify(out, null, 1) + "\n");
console.error(`wrote ${outFile}: ${OPERATIONS.length} operations, ${wanted.size} components`);
