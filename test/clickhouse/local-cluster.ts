/**
 * A throwaway ClickHouse cluster on loopback for the tests and the benchmark: one ZooKeeper (the
 * coordination service `ON CLUSTER` DDL needs) and two clickhouse-server processes forming one
 * cluster of two shards. Everything lives under a fresh temporary directory: configs, data, logs.
 * Nothing is installed here: the binaries are found where Debian's packages put them
 * (`scripts/install-clickhouse.sh`). Processes run in the foreground as children of the test
 * process and are stopped by process id, also when the test process exits early.
 *
 * Measured on the 2-core development machine: ZooKeeper serves ~0.3 s after spawn, each
 * ClickHouse 18.16 server answers `/ping` ~0.1 s after spawn.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, openSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { connect, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'

/** The name of the cluster in the servers' `remote_servers` section. */
export const CLUSTER_NAME = 'dmx_test'

/** Where the binaries and jars the cluster needs were found. */
export interface ClusterBinaries {
  clickhouseServer: string
  java: string
  zookeeperClasspath: string
}

/** A running local cluster. */
export interface LocalCluster {
  /** HTTP URLs of the two servers (shard 1, shard 2). */
  urls: readonly string[]
  /** The cluster name to pass as `cluster`. */
  cluster: string
  /** Milliseconds from the first spawn until every process answered. */
  startupMs: number
  /** The last lines of every log, for failure messages. */
  logs(): Promise<string>
  /** Stops every process by id and removes the directory. */
  stop(): Promise<void>
}

const JAR_DIR = '/usr/share/java'
// ZooKeeperServerMain needs only these three of libzookeeper-java's jars and dependencies;
// slf4j-simple, when present, makes its log readable.
const REQUIRED_JARS = ['zookeeper.jar', 'zookeeper-jute.jar', 'slf4j-api.jar']
const OPTIONAL_JARS = ['slf4j-simple.jar']
const READY_TIMEOUT_MS = 30_000

/**
 * Finds the ClickHouse server, a Java runtime and ZooKeeper's jars, or says what is missing.
 *
 * @returns the paths, or a reason naming what is missing
 * @example
 * ```ts
 * findBinaries() // { clickhouseServer: '/usr/sbin/clickhouse-server', java: '/usr/bin/java', zookeeperClasspath: '...' }
 * ```
 */
export function findBinaries(): ClusterBinaries | { missing: string } {
  const clickhouseServer = which('clickhouse-server')
  const java = which('java')
  const missingJars = REQUIRED_JARS.filter((jar) => !existsSync(join(JAR_DIR, jar)))
  const missing = [
    ...(clickhouseServer === null ? ['clickhouse-server'] : []),
    ...(java === null ? ['java'] : []),
    ...missingJars.map((jar) => join(JAR_DIR, jar)),
  ]
  if (clickhouseServer === null || java === null || missing.length > 0) return { missing: missing.join(', ') }
  const jars = [...REQUIRED_JARS, ...OPTIONAL_JARS.filter((jar) => existsSync(join(JAR_DIR, jar)))]
  return { clickhouseServer, java, zookeeperClasspath: jars.map((jar) => join(JAR_DIR, jar)).join(':') }
}

function which(name: string): string | null {
  const dirs = [...(process.env['PATH'] ?? '').split(delimiter), '/usr/sbin', '/usr/bin', '/sbin', '/bin']
  for (const dir of dirs) {
    if (dir !== '' && existsSync(join(dir, name))) return join(dir, name)
  }
  return null
}

/**
 * Starts ZooKeeper and two ClickHouse servers on free loopback ports and waits until all answer.
 *
 * @param binaries - what {@link findBinaries} found
 * @returns the running cluster; call `stop()` in `afterAll`
 * @example
 * ```ts
 * const cluster = await startLocalCluster(findBinaries() as ClusterBinaries)
 * cluster.urls // ['http://127.0.0.1:41234', 'http://127.0.0.1:41240']
 * await cluster.stop()
 * ```
 */
export async function startLocalCluster(binaries: ClusterBinaries): Promise<LocalCluster> {
  const dir = await mkdtemp(join(tmpdir(), 'domindex-ch-'))
  const children: ChildProcess[] = []
  const logFiles: string[] = []
  const killAll = (): void => {
    for (const child of children)
      if (child.exitCode === null && child.pid !== undefined) child.kill('SIGKILL')
  }
  // A process that ends without running stop() (a crash, Ctrl-C on the benchmark) must not leave
  // servers behind.
  const onSignal = (signal: NodeJS.Signals): void => {
    killAll()
    process.exit(signal === 'SIGINT' ? 130 : 143)
  }
  process.once('exit', killAll)
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  const started = performance.now()
  const logs = async (): Promise<string> => {
    const parts = await Promise.all(
      logFiles.map(async (file) => {
        const text = await readFile(file, 'utf8').catch(() => '')
        return `--- ${file}\n${text.split('\n').slice(-40).join('\n')}`
      }),
    )
    return parts.join('\n')
  }
  const stop = async (): Promise<void> => {
    process.removeListener('exit', killAll)
    process.removeListener('SIGINT', onSignal)
    process.removeListener('SIGTERM', onSignal)
    await Promise.all(children.map(stopChild))
    await rm(dir, { recursive: true, force: true })
  }
  try {
    const ports = await freePorts(7)
    const zkPort = ports[0] as number
    const zkDir = join(dir, 'zookeeper')
    await mkdir(join(zkDir, 'data'), { recursive: true })
    await writeFile(join(zkDir, 'zoo.cfg'), zooConfig(zkDir, zkPort))
    const zkLog = join(zkDir, 'zookeeper.log')
    logFiles.push(zkLog)
    children.push(
      spawnLogged(
        binaries.java,
        [
          // A small heap, serial GC and the C1 compiler only: ZooKeeper's load here is a few DDL tasks.
          '-Xmx128m',
          '-XX:+UseSerialGC',
          '-XX:TieredStopAtLevel=1',
          '-cp',
          binaries.zookeeperClasspath,
          'org.apache.zookeeper.server.ZooKeeperServerMain',
          join(zkDir, 'zoo.cfg'),
        ],
        zkLog,
      ),
    )
    // ClickHouse 18.16's DDL worker connects to ZooKeeper once at startup and crashes the server
    // (a null dereference) on the first ON CLUSTER query when that failed: ZooKeeper goes first.
    await waitFor('ZooKeeper', () => zookeeperOk(zkPort), children)
    const shards = [0, 1].map((i) => ({
      tcp: ports[1 + i * 3] as number,
      http: ports[2 + i * 3] as number,
      interserver: ports[3 + i * 3] as number,
      dir: join(dir, `shard${i + 1}`),
    }))
    for (const [i, shard] of shards.entries()) {
      await mkdir(join(shard.dir, 'data'), { recursive: true })
      await writeFile(join(shard.dir, 'users.xml'), USERS_XML)
      await writeFile(join(shard.dir, 'config.xml'), serverConfig(shard, i + 1, shards, zkPort))
      const log = join(shard.dir, 'server.log')
      logFiles.push(log, join(shard.dir, 'server.err.log'), join(shard.dir, 'stdout.log'))
      children.push(
        spawnLogged(
          binaries.clickhouseServer,
          [`--config-file=${join(shard.dir, 'config.xml')}`],
          join(shard.dir, 'stdout.log'),
        ),
      )
    }
    for (const shard of shards) await waitFor('clickhouse-server', () => pingOk(shard.http), children)
    const startupMs = performance.now() - started
    return {
      urls: shards.map((s) => `http://127.0.0.1:${s.http}`),
      cluster: CLUSTER_NAME,
      startupMs,
      logs,
      stop,
    }
  } catch (error) {
    const text = await logs()
    await stop()
    throw new Error(`local ClickHouse cluster did not start: ${String(error)}\n${text}`)
  }
}

function spawnLogged(command: string, args: string[], logFile: string): ChildProcess {
  const fd = openSync(logFile, 'a')
  return spawn(command, args, { stdio: ['ignore', fd, fd] })
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  // ClickHouse 18.16 may wait for its background pools on SIGTERM; 5 s is plenty for a test server.
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
  await exited
  clearTimeout(timer)
}

async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
          const server = createServer()
          server.once('error', reject)
          server.listen(0, '127.0.0.1', () => resolve(server))
        }),
    ),
  )
  const ports = servers.map((server) => {
    const address = server.address()
    if (address === null || typeof address === 'string') throw new Error('no port assigned')
    return address.port
  })
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
  return ports
}

async function waitFor(what: string, probe: () => Promise<boolean>, children: ChildProcess[]): Promise<void> {
  const deadline = performance.now() + READY_TIMEOUT_MS
  while (performance.now() < deadline) {
    const dead = children.find((child) => child.exitCode !== null)
    if (dead !== undefined) throw new Error(`${what}: a process exited early with code ${dead.exitCode}`)
    if (await probe()) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`${what} did not answer within ${READY_TIMEOUT_MS} ms`)
}

function zookeeperOk(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let reply = ''
    socket.setTimeout(1_000, () => socket.destroy())
    // `ruok` answers imok while the server still loads its database and refuses sessions; `srvr`
    // reports a Mode only once sessions are served.
    socket.on('connect', () => socket.write('srvr'))
    socket.on('data', (chunk) => {
      reply += chunk.toString()
    })
    socket.on('error', () => resolve(false))
    socket.on('close', () => resolve(reply.includes('Mode: standalone')))
  })
}

async function pingOk(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/ping`)
    return (await response.text()).startsWith('Ok')
  } catch {
    return false
  }
}

function zooConfig(dir: string, port: number): string {
  return [
    'tickTime=500',
    `dataDir=${join(dir, 'data')}`,
    `clientPort=${port}`,
    'clientPortAddress=127.0.0.1',
    'admin.enableServer=false',
    '4lw.commands.whitelist=srvr',
    '',
  ].join('\n')
}

interface ShardPorts {
  tcp: number
  http: number
  interserver: number
  dir: string
}

function serverConfig(shard: ShardPorts, number: number, all: readonly ShardPorts[], zkPort: number): string {
  const replicas = all
    .map((s) => `<shard><replica><host>127.0.0.1</host><port>${s.tcp}</port></replica></shard>`)
    .join('')
  return `<?xml version="1.0"?>
<yandex>
  <logger>
    <level>information</level>
    <log>${join(shard.dir, 'server.log')}</log>
    <errorlog>${join(shard.dir, 'server.err.log')}</errorlog>
    <size>10M</size>
    <count>1</count>
  </logger>
  <listen_host>127.0.0.1</listen_host>
  <http_port>${shard.http}</http_port>
  <tcp_port>${shard.tcp}</tcp_port>
  <interserver_http_port>${shard.interserver}</interserver_http_port>
  <interserver_http_host>127.0.0.1</interserver_http_host>
  <path>${join(shard.dir, 'data')}/</path>
  <tmp_path>${join(shard.dir, 'tmp')}/</tmp_path>
  <user_files_path>${join(shard.dir, 'user_files')}/</user_files_path>
  <format_schema_path>${join(shard.dir, 'format_schemas')}/</format_schema_path>
  <users_config>${join(shard.dir, 'users.xml')}</users_config>
  <keep_alive_timeout>3</keep_alive_timeout>
  <mark_cache_size>268435456</mark_cache_size>
  <uncompressed_cache_size>268435456</uncompressed_cache_size>
  <max_concurrent_queries>64</max_concurrent_queries>
  <timezone>UTC</timezone>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <remote_servers><${CLUSTER_NAME}>${replicas}</${CLUSTER_NAME}></remote_servers>
  <zookeeper><node><host>127.0.0.1</host><port>${zkPort}</port></node></zookeeper>
  <macros><shard>${number}</shard><replica>replica${number}</replica></macros>
  <distributed_ddl><path>/clickhouse/task_queue/ddl</path></distributed_ddl>
</yandex>
`
}

const USERS_XML = `<?xml version="1.0"?>
<yandex>
  <profiles><default><max_memory_usage>4000000000</max_memory_usage></default></profiles>
  <users>
    <default>
      <password></password>
      <networks><ip>127.0.0.1</ip><ip>::1</ip></networks>
      <profile>default</profile>
      <quota>default</quota>
    </default>
  </users>
  <quotas><default></default></quotas>
</yandex>
`
