import java.lang.management.*;
public class Sx {
  static int[] a = new int[1<<18]; // 1 MB
  static long v=1;
  static ThreadMXBean mx = ManagementFactory.getThreadMXBean();
  static int work(int steps){ int i=0,s=0; for(int k=0;k<steps;k++){ i=a[i]; s+=i;} return s; }
  static void spin(long n){ long x=v; for(long i=0;i<n;i++) x=x*6364136223846793005L+1442695040888963407L; v=x; }
  public static void main(String[] x){
    java.util.Random r=new java.util.Random(1); int[] p=new int[a.length]; for(int i=0;i<p.length;i++)p[i]=i;
    for(int i=p.length-1;i>0;i--){int j=r.nextInt(i+1);int t=p[i];p[i]=p[j];p[j]=t;}
    for(int i=0;i<p.length;i++) a[p[i]]=p[(i+1)%p.length];
    int reads=Integer.parseInt(x[0]); long sum=0;
    for(int rep=0;rep<3;rep++){
    for(String mode: new String[]{"none","reads"}){
      long t0=System.nanoTime(); long wt=0;
      for(int w=0;w<4000;w++){
        long s=System.nanoTime(); sum+=work(20000); wt+=System.nanoTime()-s;
        if(mode.equals("reads")) for(int k=0;k<reads;k++){ spin(500); sum+=mx.getCurrentThreadCpuTime(); }
        else for(int k=0;k<reads;k++){ spin(500); }
      }
      System.out.printf("%s reads=%d work ns/window %.0f total %.0f ms%n", mode, reads, wt/4000.0, (System.nanoTime()-t0)/1e6);
    }}
    System.out.println(sum+v);
  }
}
