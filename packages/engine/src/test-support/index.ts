export { startFakeOpenAI, type FakeBehaviour, type FakeOpenAI, type FakeRequest } from "./fake-openai-server";
export { loadInspectValidator } from "./inspect-schema";
