// The same bytes as a page, served from memory by a bare node:http server: the yardstick the signed-out home
// page is held to (bench/run.js, "Signed-out / against the same bytes from memory"). Its own process, like the
// app's, so that neither shares a core with autocannon's. Usage: node bench/static-page.js FILE PORT
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const [file, port] = process.argv.slice(2);
const body = readFileSync(file);
createServer((_req, res) => {
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length });
  res.end(body);
}).listen(Number(port), "127.0.0.1", () => console.log("listening"));
