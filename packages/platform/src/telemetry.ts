import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";

/**
 * Starts the OpenTelemetry SDK of this process: spans batched to the OTLP/HTTP collector at `endpoint`
 * (`OTEL_EXPORTER_OTLP_ENDPOINT`, e.g. http://otel-collector:4318), W3C trace context propagation and an
 * AsyncLocalStorage context manager. Without it every span is a no-op. Returns the flush-and-stop step.
 */
export function startTracing(service: string, endpoint: string): { shutdown(): Promise<void> } {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": service }),
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, "")}/v1/traces` })),
    ],
  });
  provider.register();
  return { shutdown: () => provider.shutdown() };
}
