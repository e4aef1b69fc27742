/* fatekit page bundle of sources aabf2a4526fd73be7f6b1c69d6549553fe7484d5ae9a24a8ebe7f7fff0174bab */
import{H as a,I as b,J as c,K as d,L as e,M as f,N as g,O as h,P as i,Q as j,R as k,S as l,T as m,U as n}from"./chunk-JEOMC7FH.js";export{a as app,j as errorText,g as notify,e as openSeat,k as pressed,h as redraw,i as ruleReason,c as seatExtras,b as seatView,n as send,m as showError,l as showErrorBeside,f as subscribe,d as tablePreset};
//# sourceMappingURL=/web/bundle/store.js.map
