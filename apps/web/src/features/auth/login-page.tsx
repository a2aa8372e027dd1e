import { EyeIcon, EyeOffIcon, LockIcon, ShieldCheckIcon, UserIcon } from "lucide-react";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ProductMark } from "@/components/product-mark";
import { useAuth } from "./auth-provider";

export function LoginPage() {
  const { login } = useAuth();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [isPasswordVisible, setIsPasswordVisible] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [throttleNote, setThrottleNote] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitting(true);
    setThrottleNote(null);
    const result = await login(username, password);
    setIsSubmitting(false);
    if (result.ok) {
      toast.success("Login Successful", { description: "Welcome to AnalystBench." });
      return;
    }
    toast.error("Login Failed", { description: "Invalid credentials. Please try again." });
    // The toast's wording is fixed; a throttled sign-in also says how long to wait.
    if (result.status === 429) setThrottleNote(result.message);
  };

  return (
    <div className="relative flex min-h-full items-center justify-center overflow-hidden bg-background px-4 py-12">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 opacity-60 dark:opacity-40"
        style={{
          backgroundImage:
            "radial-gradient(circle at 20% 20%, color-mix(in oklch, var(--primary) 14%, transparent) 0, transparent 45%), radial-gradient(circle at 80% 80%, color-mix(in oklch, var(--primary) 10%, transparent) 0, transparent 40%)",
        }}
      />
      <Card className="relative w-full max-w-md gap-6 py-8 shadow-lg animate-in fade-in-0 slide-in-from-bottom-2 duration-500">
        <CardHeader className="items-center gap-3 px-8 text-center">
          <ProductMark className="size-12" />
          <div className="space-y-1.5">
            <h1 className="text-2xl font-semibold tracking-tight">AnalystBench</h1>
            <p className="text-sm text-muted-foreground">Secure access to cybersecurity benchmarking platform</p>
          </div>
        </CardHeader>
        <CardContent className="px-8">
          <form className="space-y-5" onSubmit={submit}>
            <div className="space-y-2">
              <Label htmlFor="username">Username</Label>
              <div className="relative">
                <UserIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
                <Input
                  id="username"
                  name="username"
                  autoComplete="username"
                  placeholder="Enter your username"
                  className="h-10 pl-9"
                  value={username}
                  onChange={(e) => setUsername(e.target.value)}
                  disabled={isSubmitting}
                  required
                  autoFocus
                />
              </div>
            </div>
            <div className="space-y-2">
              <Label htmlFor="password">Password</Label>
              <div className="relative">
                <LockIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
                <Input
                  id="password"
                  name="password"
                  type={isPasswordVisible ? "text" : "password"}
                  autoComplete="current-password"
                  placeholder="Enter your password"
                  className="h-10 pr-10 pl-9"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  disabled={isSubmitting}
                  required
                />
                <button
                  type="button"
                  className="absolute top-1/2 right-2 flex size-7 -translate-y-1/2 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground disabled:opacity-50"
                  onClick={() => setIsPasswordVisible((v) => !v)}
                  aria-label={isPasswordVisible ? "Hide password" : "Show password"}
                  disabled={isSubmitting}
                >
                  {isPasswordVisible ? <EyeOffIcon className="size-4" /> : <EyeIcon className="size-4" />}
                </button>
              </div>
            </div>
            {throttleNote && (
              <p role="status" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
                {throttleNote}
              </p>
            )}
            <Button type="submit" className="h-10 w-full" disabled={isSubmitting}>
              {isSubmitting ? "Authenticating..." : "Sign In"}
            </Button>
          </form>
        </CardContent>
        <div className="mx-8 border-t pt-5 text-center">
          <p className="flex items-center justify-center gap-1.5 text-sm font-medium text-foreground/80">
            <ShieldCheckIcon className="size-4 text-primary" /> Secure Authentication Required
          </p>
          <p className="mt-1 text-xs text-muted-foreground">Authorized personnel only</p>
        </div>
      </Card>
    </div>
  );
}
