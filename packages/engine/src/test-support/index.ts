export { startFakeOpenAI, type FakeBehaviour, type FakeOpenAI, type FakeRequest } from "./fake-openai-server";
export { loadInspectValidator } from "./inspect-schema";
export { startFakeAnthropic, type FakeAnthropic } from "./fake-anthropic-server";
export { startFakeResponses, type FakeResponses } from "./fake-responses-server";
