/**
 * The client's retry when a server drops a kept-alive connection as a request arrives on it, which
 * ClickHouse does after `keep_alive_timeout`. A loopback stand-in server makes the race certain:
 * it answers the first request of each connection and kills the connection on the second.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ClickHouseError, ClickHouseHttp } from '../../src/clickhouse/http-client.js'

let server: http.Server
let url: string
let connections = 0

beforeAll(async () => {
  server = http.createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
    const socket = req.socket as typeof req.socket & { served?: number }
    socket.served = (socket.served ?? 0) + 1
    if (socket.served > 1) {
      socket.destroy()
      return
    }
    if (req.url?.includes('fail') === true) {
      res.writeHead(500).end('Code: 62, e.displayText() = DB::Exception: Syntax error')
      return
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end('{"x":1}\n')
  })
  server.on('connection', () => connections++)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

it('retries on a fresh connection when a reused one is dropped before any answer', async () => {
  const client = new ClickHouseHttp({ url })
  expect(await client.rows('SELECT 1 AS x')).toEqual([{ x: 1 }])
  const before = connections
  expect(await client.rows('SELECT 1 AS x')).toEqual([{ x: 1 }])
  client.close()
  // The pooled connection was dropped, the retry opened one of its own.
  expect(connections - before).toBe(1)
})

it('retries on a connection of its own when every pooled one is stale', async () => {
  const client = new ClickHouseHttp({ url })
  // Two requests at once leave two pooled connections, each of which the server drops when reused.
  await Promise.all([client.rows('SELECT 1 AS x'), client.rows('SELECT 1 AS x')])
  expect(await client.rows('SELECT 1 AS x')).toEqual([{ x: 1 }])
  client.close()
})

it('does not retry a server error, and reports its text', async () => {
  const client = new ClickHouseHttp({ url: `${url}/fail` })
  await expect(client.rows('SELEC 1')).rejects.toThrow(ClickHouseError)
  client.close()
})
